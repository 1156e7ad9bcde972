import { Copy, StatusBadge, Text } from "@medusajs/ui"
import type { FinancingApplication } from "../../lib/api"
import { applicationStatusColor, applicationStatusLabel, formatMoney, orDash } from "../../lib/format"
import { DetailRow } from "../shared/detail-row"

type FinancingSummaryProps = { application: FinancingApplication }

export const FinancingSummary = ({ application }: FinancingSummaryProps) => {
  const partner = application.partner
  const partnerName = partner?.display_name ?? partner?.name ?? partner?.code ?? null

  return (
    <div>
      <DetailRow label="Status">
        <StatusBadge
          color={applicationStatusColor(application.status, application.stage)}
          data-testid="rf-application-status"
        >
          {applicationStatusLabel(application.status, application.stage)}
        </StatusBadge>
      </DetailRow>
      <DetailRow label="Application">
        <span className="flex items-center gap-x-1">
          <Text size="small" leading="compact" className="truncate font-mono">
            {application.public_id}
          </Text>
          {application.public_id && (
            <Copy content={application.public_id} variant="mini" className="text-ui-fg-muted" />
          )}
        </span>
      </DetailRow>
      <DetailRow label="Financing partner" testId="rf-partner">
        {orDash(partnerName)}
      </DetailRow>
      <DetailRow label="Financed cart amount">{formatMoney(application.amount)}</DetailRow>
      <DetailRow label="Approval amount">{formatMoney(application.approval_amount)}</DetailRow>
      <DetailRow label="Borrowed amount">{formatMoney(application.borrowed_amount)}</DetailRow>
      <DetailRow label="Invoice amount" testId="rf-invoice-amount">
        {formatMoney(application.invoice_amount)}
      </DetailRow>
      <DetailRow label="In-store payment">{formatMoney(application.total_in_store_payment)}</DetailRow>
    </div>
  )
}
