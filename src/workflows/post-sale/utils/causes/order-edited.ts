import { fromCents, toCents } from "../../../../domain/money"
import { RETURN_TYPES } from "../../../../lib/financing/schemas"
import { currentContractCents } from "../../../../modules/retail-financing/return-queue"
import { returnRequest } from "./return-request"
import { type CausePlanner, orderIdOfCause } from "./types"

export interface OrderEditedCause {
  type: "order_edited"
  order_id: string
}

/** An edited order whose total no longer matches the contract: the service redraws the contract. */
export const orderEdited: CausePlanner<OrderEditedCause> = {
  events: {
    "order-edit.confirmed": {
      description:
        "Redraft request (endpoint 7) when a confirmed edit makes a signed order's total differ from the contract.",
      oncePer: "order version",
      toCause: (data: { order_id: string }) => ({ type: "order_edited", order_id: data.order_id }),
    },
  },
  orderOf: orderIdOfCause,
  plan: async ({ financing, financed }) => {
    const totalCents = toCents(financed.order.total)
    const contractCents = currentContractCents(financed.application)
    if (totalCents === contractCents) return []
    const actions = await financing.actions.ofApplication(financed.application.id)
    const request = await returnRequest(financing, financed, actions, {
      causeKey: `redraft:${financed.order.id}:v${financed.order.version}`,
      returnType: RETURN_TYPES.Redraft,
      amountCents: 0,
      medusaReason: null,
      // Sent to the service as the reason, in the plain form it has always had (no thousands separator).
      fallbackReason:
        `Order #${financed.order.display_id} edited: new total $${plainDollars(totalCents)}, ` +
        `contract $${plainDollars(contractCents)}`,
    })
    return [request]
  },
}

const plainDollars = (cents: number) => fromCents(cents).toFixed(2)
