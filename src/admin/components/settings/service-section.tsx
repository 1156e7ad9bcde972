import { Heading, Text } from "@medusajs/ui"

import type { SettingsResponse } from "../../../domain/admin-api/types"
import { invoiceTriggerLabel } from "../../lib/format"
import { DetailRow } from "../shared/detail-row"
import { SandboxSign } from "./sandbox-sign"

type ServiceSectionProps = { settings: SettingsResponse }

/**
 * What every store code of a store with several shares: the service they sign in to and when invoices are
 * sent. Each store code's connection is tested in its own section (LocationSection).
 */
export const ServiceSection = ({ settings }: ServiceSectionProps) => (
  <div className="divide-y" data-testid="rf-service">
    <div className="flex flex-col px-6 py-4">
      <Heading level="h2">Financing service</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        This store sells under {settings.locations.length} store codes, each with its own partners and its own
        connection test below.
      </Text>
    </div>
    {settings.sandbox && <SandboxSign />}
    <div className="py-2">
      <DetailRow label="Service address">
        <span className="break-all font-mono">{settings.base_url}</span>
      </DetailRow>
      <DetailRow label="Invoice sent">{invoiceTriggerLabel(settings.invoice_on)}</DetailRow>
    </div>
  </div>
)
