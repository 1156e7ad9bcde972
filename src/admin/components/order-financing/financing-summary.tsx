import { StatusBadge, Text } from "@medusajs/ui"

import type { FinancingApplication } from "../../../domain/admin-api/types"
import { formatMoney, orDash } from "../../lib/format"
import {
  applicationStatusColor,
  applicationStatusLabel,
  applicationStatusMeaning,
} from "../../lib/status-words"
import { AMOUNT_HINTS } from "../../lib/order-financing-text"
import { DetailRow } from "../shared/detail-row"
import { DetailsDisclosure } from "../shared/details-disclosure"
import { InStorePaymentStatus } from "./in-store-payment"

type FinancingSummaryProps = { orderId: string; application: FinancingApplication }

/** The contract: its status in words, the partner, and each amount with what it means to the store. */
export const FinancingSummary = ({ orderId, application }: FinancingSummaryProps) => {
  const partner = application.partner
  const partnerName = partner?.display_name ?? partner?.name ?? partner?.code ?? null
  const meaning = applicationStatusMeaning(application.status, application.stage)

  return (
    <div>
      <DetailRow label="Status">
        <div className="flex flex-col items-start gap-y-1">
          <StatusBadge
            color={applicationStatusColor(application.status, application.stage)}
            data-testid="rf-application-status"
          >
            {applicationStatusLabel(application.status, application.stage)}
          </StatusBadge>
          {meaning && (
            <Text size="xsmall" className="text-ui-fg-subtle">
              {meaning}
            </Text>
          )}
        </div>
      </DetailRow>
      <DetailRow label="Financing partner" testId="rf-partner">
        {orDash(partnerName)}
      </DetailRow>
      <DetailRow label="Financed cart amount" hint={AMOUNT_HINTS.cart}>
        {formatMoney(application.amount)}
      </DetailRow>
      <DetailRow label="Approval amount" hint={AMOUNT_HINTS.approval}>
        {formatMoney(application.approval_amount)}
      </DetailRow>
      <DetailRow label="Invoice amount" hint={AMOUNT_HINTS.invoice} testId="rf-invoice-amount">
        {formatMoney(application.invoice_amount)}
      </DetailRow>
      <DetailRow label="Borrowed amount" hint={AMOUNT_HINTS.borrowed}>
        {formatMoney(application.borrowed_amount)}
      </DetailRow>
      <DetailRow label="In-store payment" hint={AMOUNT_HINTS.inStore} testId="rf-in-store">
        {application.in_store_payment ? (
          <InStorePaymentStatus orderId={orderId} payment={application.in_store_payment} />
        ) : (
          formatMoney(application.total_in_store_payment)
        )}
      </DetailRow>
      <DetailsDisclosure
        className="px-6 pb-2"
        testId="rf-application-details"
        entries={[
          { label: "Lender's application ID", value: application.public_id },
          { label: "Status code", value: application.status },
          { label: "Ledger record", value: application.id },
          { label: "Cart", value: application.cart_id },
          { label: "Payment session", value: application.payment_session_id },
          { label: "Partner code", value: partner?.code },
        ]}
      />
    </div>
  )
}
