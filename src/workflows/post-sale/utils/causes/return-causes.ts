import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { centsFromDecimal, toCents } from "../../../../domain/money"
import { type ReturnCause, planReturn } from "../../../../domain/post-sale/return-plan"
import type { ActionRecordInput } from "../../../../modules/retail-financing"
import {
  type QueuedAction,
  financedCents,
  requestedReturnCents,
} from "../../../../modules/retail-financing/return-queue"
import { returnReasonOf } from "../return-values"
import { asQueued, returnRequest } from "./return-request"
import { type CausePlanner, type OrderContext, orderIdOfCause } from "./types"

const REASON_TEXT: Record<ReturnCause, string> = {
  cancel: "Order canceled",
  refund: "Refund",
  return_received: "Items returned",
}

/**
 * Plans the return request a cancel, a refund or a received return asks for (see planReturn), once per
 * cause key, against what is already asked back, including returns planned earlier in this run.
 */
async function planReturnCause(
  { container, financing, financed }: OrderContext,
  actions: QueuedAction[],
  cause: ReturnCause,
  causeKey: string,
  returnId?: string
): Promise<ActionRecordInput | null> {
  if (actions.some((action) => action.cause === causeKey)) return null
  const signedCents = financedCents(financed.application)
  const planned = planReturn(cause, {
    financedCents: signedCents,
    requestedCents: requestedReturnCents(actions),
    refundedCents: financed.payment.refunds.reduce((sum, refund) => sum + toCents(refund.amount), 0),
    orderReductionCents: Math.max(0, signedCents - centsFromDecimal(financed.order.total)),
  })
  if (!planned) return null
  return returnRequest(financing, financed, actions, {
    causeKey,
    returnType: planned.returnType,
    amountCents: planned.amountCents,
    medusaReason: returnId ? await returnReasonOf(container, returnId) : null,
    fallbackReason: `${REASON_TEXT[cause]} in the store's order #${financed.order.display_id}`,
  })
}

const actionsOf = async (context: OrderContext): Promise<QueuedAction[]> =>
  context.financing.actions.ofApplication(context.financed.application.id)

export interface ReturnReceivedCause {
  type: "return_received"
  order_id: string
  return_id: string
}

/** A received return asks for the items' value back: Return or Partial. */
export const returnReceived: CausePlanner<ReturnReceivedCause> = {
  events: {
    "order.return_received": {
      description:
        "Return request (endpoint 7) for a received return: Return when it brings the total returned to the " +
        "financed amount, otherwise Partial with the amount.",
      oncePer: "return",
      toCause: (data: { order_id: string; return_id: string }) => ({
        type: "return_received",
        order_id: data.order_id,
        return_id: data.return_id,
      }),
    },
  },
  orderOf: orderIdOfCause,
  plan: async (context) => {
    const { cause } = context
    const key = `return:${cause.return_id}`
    const planned = await planReturnCause(
      context,
      await actionsOf(context),
      "return_received",
      key,
      cause.return_id
    )
    return planned ? [planned] : []
  },
}

export interface OrderCanceledCause {
  type: "order_canceled"
  order_id: string
}

/** Canceling a signed order returns whatever of the contract is not returned yet. */
export const orderCanceled: CausePlanner<OrderCanceledCause> = {
  events: {
    "order.canceled": {
      description:
        "Return request (endpoint 7), when a signed order is canceled, for whatever of the contract is not " +
        "returned yet.",
      oncePer: "order",
      toCause: (data: { id: string }) => ({ type: "order_canceled", order_id: data.id }),
    },
  },
  orderOf: orderIdOfCause,
  plan: async (context) => {
    const key = `cancel:${context.cause.order_id}`
    const planned = await planReturnCause(context, await actionsOf(context), "cancel", key)
    return planned ? [planned] : []
  },
}

export interface PaymentRefundedCause {
  type: "payment_refunded"
  payment_id: string
}

/** Each refund is its own cause; one event may stand for several refunds recorded since the last. */
export const paymentRefunded: CausePlanner<PaymentRefundedCause> = {
  events: {
    "payment.refunded": {
      description:
        "Return request (endpoint 7) for the part of an admin refund that no received return covers.",
      oncePer: "refund",
      toCause: (data: { id: string }) => ({ type: "payment_refunded", payment_id: data.id }),
    },
  },
  orderOf: async (cause, container) => {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "payment",
      fields: ["id", "payment_collection.order.id"],
      filters: { id: cause.payment_id },
    })
    const row = data[0] as { payment_collection?: { order?: { id?: string } } } | undefined
    return row?.payment_collection?.order?.id ?? null
  },
  plan: async (context) => {
    const actions = await actionsOf(context)
    const refunds = [...context.financed.payment.refunds].sort(
      (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime()
    )
    const planned: ActionRecordInput[] = []
    for (const refund of refunds) {
      const request = await planReturnCause(context, actions, "refund", `refund:${refund.id}`)
      if (!request) continue
      planned.push(request)
      actions.push(asQueued(request))
    }
    return planned
  },
}
