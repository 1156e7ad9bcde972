import { Alert, Button, Heading, StatusBadge, Text } from "@medusajs/ui"
import type { SettingsResponse } from "../../lib/api"
import { invoiceTriggerLabel } from "../../lib/format"
import { DetailRow } from "../shared/detail-row"

type ConnectionSectionProps = {
  settings: SettingsResponse
  onTest: () => void
  isTesting: boolean
}

export const ConnectionSection = ({ settings, onTest, isTesting }: ConnectionSectionProps) => {
  const { connection } = settings

  return (
    <div className="divide-y">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Connection</Heading>
        <Button
          size="small"
          variant="secondary"
          onClick={onTest}
          isLoading={isTesting}
          data-testid="rf-test-connection"
        >
          Test connection
        </Button>
      </div>
      {settings.sandbox && (
        <div className="px-6 py-4">
          {/* Said in words, not only colour: a store taking orders against the sandbox gets no money. */}
          <Alert variant="warning" data-testid="rf-sandbox-sign">
            Connected to the sandbox: no real applications
          </Alert>
        </div>
      )}
      <div className="py-2">
        <DetailRow label="Connection" testId="rf-connection">
          <span className="flex flex-col gap-y-1" data-ok={connection.ok}>
            <span>
              <StatusBadge color={connection.ok ? "green" : "red"}>
                {connection.ok ? "Working" : "Failing"}
              </StatusBadge>
            </span>
            {connection.message && (
              <Text size="small" className={connection.ok ? "text-ui-fg-subtle" : "text-ui-fg-error"}>
                {connection.message}
              </Text>
            )}
            <Text size="xsmall" className="text-ui-fg-muted">
              Answered in {Math.round(connection.latency_ms)} ms
            </Text>
          </span>
        </DetailRow>
        <DetailRow label="Store code">{settings.store_code}</DetailRow>
        <DetailRow label="Service address">
          <span className="break-all font-mono">{settings.base_url}</span>
        </DetailRow>
        <DetailRow label="Invoice sent">{invoiceTriggerLabel(settings.invoice_on)}</DetailRow>
      </div>
    </div>
  )
}
