import { Alert, Button, Heading, StatusBadge, Text } from "@medusajs/ui"

import type { SettingsResponse } from "../../../domain/admin-api/types"
import { adminErrorMessage } from "../../hooks/error-message"
import { useConnectionTest } from "../../hooks/settings"
import { formatDateTime, invoiceTriggerLabel } from "../../lib/format"
import { DetailRow } from "../shared/detail-row"

type ConnectionSectionProps = { settings: SettingsResponse | undefined }

/**
 * The connection to the financing service, tested for real when the page opens and on each click: a new
 * token and one authenticated read, with the time they took, or what failed in plain words.
 */
export const ConnectionSection = ({ settings }: ConnectionSectionProps) => {
  const test = useConnectionTest()

  return (
    <div className="divide-y">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex flex-col">
          <Heading level="h2">Connection</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Signs in to the financing service with a new token and reads this store&apos;s partners.
          </Text>
        </div>
        <Button
          size="small"
          variant="secondary"
          onClick={() => void test.refetch()}
          isLoading={test.isFetching}
          data-testid="rf-test-connection"
        >
          Test connection
        </Button>
      </div>
      {settings?.sandbox && (
        <div className="px-6 py-4">
          {/* Said in words, not only colour: a store taking orders against the sandbox gets no money. */}
          <Alert variant="warning" data-testid="rf-sandbox-sign">
            Connected to the sandbox: no real applications
          </Alert>
        </div>
      )}
      <div className="py-2">
        <DetailRow label="Connection" testId="rf-connection">
          <ConnectionResult test={test} />
        </DetailRow>
        {settings && (
          <>
            <DetailRow label="Store code">{settings.store_code}</DetailRow>
            <DetailRow label="Service address">
              <span className="break-all font-mono">{settings.base_url}</span>
            </DetailRow>
            <DetailRow label="Invoice sent">{invoiceTriggerLabel(settings.invoice_on)}</DetailRow>
          </>
        )}
      </div>
    </div>
  )
}

const ConnectionResult = ({ test }: { test: ReturnType<typeof useConnectionTest> }) => {
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
