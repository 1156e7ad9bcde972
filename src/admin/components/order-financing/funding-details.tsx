import { Heading, StatusBadge, Text } from "@medusajs/ui"
import type { Funding } from "../../lib/api"
import { formatDate, formatMoney, orDash, paymentStatusColor, paymentStatusLabel } from "../../lib/format"
import { DetailRow } from "../shared/detail-row"

type FundingDetailsProps = { funding: Funding | null }

export const FundingDetails = ({ funding }: FundingDetailsProps) => (
  <div className="py-2">
    <div className="px-6 py-2">
      <Heading level="h3">Funding</Heading>
    </div>
    {funding ? (
      <>
        <DetailRow label="Payment status">
          {funding.status ? (
            <StatusBadge color={paymentStatusColor(funding.status)}>
              {paymentStatusLabel(funding.status)}
            </StatusBadge>
          ) : (
            "—"
          )}
        </DetailRow>
        <DetailRow label="Amount">{formatMoney(funding.amount)}</DetailRow>
        <DetailRow label="Date">{formatDate(funding.date)}</DetailRow>
        <DetailRow label="Transfer ID">{orDash(funding.transfer_id)}</DetailRow>
        <DetailRow label="Wire reference">{orDash(funding.wire_reference_id)}</DetailRow>
      </>
    ) : (
      <Text size="small" leading="compact" className="text-ui-fg-subtle px-6 py-2">
        Not funded yet
      </Text>
    )}
  </div>
)
