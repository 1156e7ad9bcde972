import { Heading, StatusBadge, Text } from "@medusajs/ui"

import type { Funding } from "../../../domain/admin-api/types"
import { formatDate, formatMoney, orDash } from "../../lib/format"
import { paymentStatusColor, paymentStatusLabel } from "../../lib/status-words"
import { AMOUNT_HINTS } from "../../lib/order-financing-text"
import { DetailRow } from "../shared/detail-row"

type FundingDetailsProps = { funding: Funding | null }

/** The lender's payment to the store: how much, when, and its references for the bank statement. */
export const FundingDetails = ({ funding }: FundingDetailsProps) => (
  <div className="py-2">
    <div className="px-6 py-2">
      <Heading level="h3">Lender's payment</Heading>
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
        <DetailRow label="Funded amount" hint={AMOUNT_HINTS.funded} testId="rf-funded-amount">
          {formatMoney(funding.amount)}
        </DetailRow>
        <DetailRow label="Date" hint={AMOUNT_HINTS.fundingDate} testId="rf-funding-date">
          {formatDate(funding.date)}
        </DetailRow>
        {/* The lender's references, as they appear on the store's bank statement. */}
        <DetailRow label="Transfer ID">{orDash(funding.transfer_id)}</DetailRow>
        <DetailRow label="Wire reference">{orDash(funding.wire_reference_id)}</DetailRow>
      </>
    ) : (
      <Text size="small" leading="compact" className="text-ui-fg-subtle px-6 py-2">
        The lender has not paid the store yet. Medusa's payment is captured by itself when it does.
      </Text>
    )}
  </div>
)
