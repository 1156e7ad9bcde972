import { InformationCircleSolid } from "@medusajs/icons"
import { Button, Container, Heading, StatusBadge, Text, Tooltip } from "@medusajs/ui"

import type { OrderFinancingResponse } from "../../../domain/admin-api/types"
import { formatMoney } from "../../lib/format"
import {
  applicationStatusColor,
  applicationStatusLabel,
  applicationStatusMeaning,
} from "../../lib/status-words"
import { AMOUNT_HINTS, type OrderFulfillmentFacts, attentionOf } from "../../lib/order-financing-text"
import { AttentionList } from "./attention-list"
import { DETAILS_ANCHOR } from "./order-financing-details"

type Financing = NonNullable<OrderFinancingResponse["financing"]>

type StatusCardProps = { financing: Financing; facts: OrderFulfillmentFacts }

const Amount = ({
  label,
  hint,
  value,
  testId,
}: {
  label: string
  hint: string
  value: number | null
  testId?: string
}) => (
  <div className="flex items-center justify-between gap-x-4">
    <span className="flex items-center gap-x-1">
      <Text size="small" leading="compact" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Tooltip content={hint} maxWidth={280}>
        <InformationCircleSolid className="text-ui-fg-muted" aria-label={hint} />
      </Tooltip>
    </span>
    <Text size="small" leading="compact" data-testid={testId}>
      {formatMoney(value)}
    </Text>
  </div>
)

/**
 * The side column's summary of the order's financing: where the contract stands, its money, and what needs
 * the merchant or comes next. The details (what was sent, history, books, the buttons) are below the
 * order's own sections.
 */
export const StatusCard = ({ financing, facts }: StatusCardProps) => {
  const { application } = financing
  const funded = application.funding?.amount ?? null
  const meaning = applicationStatusMeaning(application.status, application.stage)

  return (
    <Container className="divide-y p-0" data-testid="retail-financing-status">
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        <Heading level="h2">Retail financing</Heading>
        <StatusBadge
          color={applicationStatusColor(application.status, application.stage)}
          data-testid="rf-card-status"
        >
          {applicationStatusLabel(application.status, application.stage)}
        </StatusBadge>
      </div>
      <div className="flex flex-col gap-y-2 px-6 py-4">
        {meaning && (
          <Text size="small" className="text-ui-fg-subtle" data-testid="rf-card-meaning">
            {meaning}
          </Text>
        )}
        <Amount label="Invoice amount" hint={AMOUNT_HINTS.invoice} value={application.invoice_amount} />
        {funded !== null ? (
          <Amount label="Lender paid" hint={AMOUNT_HINTS.funded} value={funded} testId="rf-card-funded" />
        ) : (
          <Amount label="Borrowed amount" hint={AMOUNT_HINTS.borrowed} value={application.borrowed_amount} />
        )}
        {(application.total_in_store_payment ?? 0) > 0 && (
          <Amount
            label="In-store payment"
            hint={AMOUNT_HINTS.inStore}
            value={application.total_in_store_payment}
          />
        )}
      </div>
      <AttentionList items={attentionOf(financing, facts)} />
      <div className="px-4 py-2">
        <Button
          size="small"
          variant="transparent"
          onClick={() => document.getElementById(DETAILS_ANCHOR)?.scrollIntoView({ behavior: "smooth" })}
        >
          See the details, what was sent and the actions
        </Button>
      </div>
    </Container>
  )
}
