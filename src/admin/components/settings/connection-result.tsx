import { StatusBadge, Text } from "@medusajs/ui"

import { adminErrorMessage } from "../../hooks/error-message"
import type { useConnectionTest } from "../../hooks/settings"
import { formatDateTime } from "../../lib/format"

type ConnectionResultProps = { test: ReturnType<typeof useConnectionTest> }

/** What a "Test connection" found: Working or Failing, what failed in plain words, and how long it took. */
export const ConnectionResult = ({ test }: ConnectionResultProps) => {
  // While a test runs, its previous result would tell the merchant nothing new: say it is running.
  if (test.isFetching) {
    return (
      <Text size="small" className="text-ui-fg-subtle" data-state="testing">
        Testing…
      </Text>
    )
  }
  if (test.error || !test.data) {
    return (
      <Text size="small" className="text-ui-fg-error" data-state="error">
        The test could not be run: {test.error ? adminErrorMessage(test.error) : "no answer"}
      </Text>
    )
  }
  const result = test.data
  return (
    <span className="flex flex-col gap-y-1" data-state={result.ok ? "ok" : "failing"} data-ok={result.ok}>
      <span>
        <StatusBadge color={result.ok ? "green" : "red"}>{result.ok ? "Working" : "Failing"}</StatusBadge>
      </span>
      <Text
        size="small"
        className={result.ok ? "text-ui-fg-subtle" : "text-ui-fg-error"}
        data-testid="rf-connection-message"
      >
        {result.message}
      </Text>
      <Text size="xsmall" className="text-ui-fg-muted" data-testid="rf-connection-latency">
        {result.ok ? "Answered" : "Failed"} in {Math.round(result.latency_ms)} ms · tested{" "}
        {formatDateTime(result.checked_at)}
      </Text>
    </span>
  )
}
