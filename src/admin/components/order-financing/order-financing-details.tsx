import { Container, Heading, Text } from "@medusajs/ui"

import type { OrderFinancingResponse } from "../../../domain/admin-api/types"
import {
  type ActionContext,
  canSendDelivery,
  type OrderFulfillmentFacts,
} from "../../lib/order-financing-text"
import { ActionButtons } from "./action-buttons"
import { ActionsList } from "./actions-list"
import { FinancingSummary } from "./financing-summary"
import { FundingDetails } from "./funding-details"
import { OrderBooks } from "./order-books"
import { StatusHistory } from "./status-history"

/** The details' element id, which the status card's link scrolls to. */
export const DETAILS_ANCHOR = "retail-financing-details"

type Financing = NonNullable<OrderFinancingResponse["financing"]>

type OrderFinancingDetailsProps = {
  orderId: string
  financing: Financing
  facts: OrderFulfillmentFacts
  context: ActionContext
}

/** Everything about the order's financing: the contract, the lender's payment, the books, what was sent, the actions. */
export const OrderFinancingDetails = ({ orderId, financing, facts, context }: OrderFinancingDetailsProps) => (
  <Container className="divide-y p-0" data-testid="retail-financing-widget" id={DETAILS_ANCHOR}>
    <div className="px-6 py-4">
      <Heading level="h2">Retail financing details</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        The shopper's financing contract for this order, the lender's payment and what the store sent the
        lender.
      </Text>
    </div>
    <div className="py-2">
      <FinancingSummary orderId={orderId} application={financing.application} />
      <StatusHistory history={financing.application.status_history} />
    </div>
    <FundingDetails funding={financing.application.funding} />
    {financing.books && <OrderBooks books={financing.books} />}
    <ActionsList orderId={orderId} actions={financing.actions} context={context} />
    <ActionButtons
      orderId={orderId}
      actions={financing.actions}
      canSendDelivery={canSendDelivery(facts)}
      returnableAmount={financing.returnable_amount ?? null}
    />
  </Container>
)
