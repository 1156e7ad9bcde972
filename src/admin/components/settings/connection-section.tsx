import { Heading, Text } from "@medusajs/ui"

import type { SettingsResponse } from "../../../domain/admin-api/types"
import { useConnectionTest } from "../../hooks/settings"
import { invoiceTriggerLabel } from "../../lib/format"
import { DetailRow } from "../shared/detail-row"
import { ConnectionResult } from "./connection-result"
import { SandboxSign } from "./sandbox-sign"
import { TestConnectionButton } from "./test-connection-button"

type ConnectionSectionProps = { settings: SettingsResponse | undefined }

/**
 * The connection of a store with one store code, tested for real when the page opens and on each click: a
 * new token and one authenticated read, with the time they took, or what failed in plain words. A store
 * with several has ServiceSection and a LocationSection per store code instead.
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
        <TestConnectionButton test={test} />
      </div>
      {settings?.sandbox && <SandboxSign />}
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
