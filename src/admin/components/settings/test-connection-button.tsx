import { Button } from "@medusajs/ui"

import type { useConnectionTest } from "../../hooks/settings"

type TestConnectionButtonProps = { test: ReturnType<typeof useConnectionTest> }

/** Runs the test again: a new round trip to the service each click, never a cached answer. */
export const TestConnectionButton = ({ test }: TestConnectionButtonProps) => (
  <Button
    size="small"
    variant="secondary"
    onClick={() => void test.refetch()}
    isLoading={test.isFetching}
    data-testid="rf-test-connection"
  >
    Test connection
  </Button>
)
