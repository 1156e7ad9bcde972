import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"

import { fromCents, toCents } from "../../domain/money"
import { RETURN_TYPES, type ReturnRequest, type ReturnType } from "../../lib/financing/schemas"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { withoutUndefined } from "../../domain/without-undefined"
import { type FinancedOrder, financedOrder } from "./financed-order"
import type { LedgerAction } from "../../modules/retail-financing"
import {
  financedCents,
  hasOpenReturn,
  requestedReturnCents,
} from "../../modules/retail-financing/return-queue"
import type { DeliveryPayload } from "./perform/delivery"
import type { InvoicePayload } from "./perform/invoice"
import type { ReturnPayload } from "./perform/return-request"
import { type ReturnCause, planReturn } from "../../domain/post-sale/return-plan"
import { receivedReturnsOf } from "./return-values"
import { planMerchantReturn } from "../../domain/post-sale/merchant-return"
import { type MedusaReturnReason, serviceReturnReasonFor } from "../../domain/post-sale/return-reason"

/** What in Medusa asks the service to hear something. */
export type PostSaleCause =
  | { type: "order_placed"; order_id: string }
  | { type: "fulfillment_created"; order_id: string; fulfillment_id: string }
  | { type: "fulfillment_handed_over"; fulfillment_id: string }
  | { type: "return_received"; order_id: string; return_id: string }
  | { type: "payment_refunded"; payment_id: string }
  | { type: "order_canceled"; order_id: string }
  | { type: "order_edited"; order_id: string }
  | { type: "merchant_invoice"; order_id: string; file_id: string; filename: string }
  | { type: "merchant_delivery"; order_id: string }
  | {
      type: "merchant_return"
      order_id: string
      return_type: "return" | "partial" | "redraft"
      amount?: number
      return_reason_id?: string
      reason?: string
    }

const RETURN_TYPE_NAMES: Record<ReturnType, string> = { 1: "Redraft", 2: "Return", 4: "Partial" }

/**
 * Records the actions one cause asks for (none when the order is not financed) and returns those to send
 * now. Each is recorded under a cause key that the same Medusa event always produces, so an event handled
 * twice records nothing new.
 */
export async function recordPostSaleCause(
  container: MedusaContainer,
  cause: PostSaleCause
): Promise<LedgerAction[]> {
  switch (cause.type) {
    case "order_placed":
      return onOrderPlaced(container, cause.order_id)
    case "fulfillment_created":
      return onFulfillmentCreated(container, cause.order_id)
    case "fulfillment_handed_over":
      return onHandedOver(container, cause.fulfillment_id)
    case "merchant_invoice":
      return onMerchantInvoice(container, cause)
    case "merchant_delivery":
      return onMerchantDelivery(container, cause.order_id)
    case "return_received":
      return withReturnsLock(container, cause.order_id, (order) =>
        onReturnCause(container, order, "return_received", `return:${cause.return_id}`, cause.return_id)
      )
    case "order_canceled":
      return withReturnsLock(container, cause.order_id, (order) =>
        onReturnCause(container, order, "cancel", `cancel:${cause.order_id}`)
      )
    case "payment_refunded":
      return onRefund(container, cause.payment_id)
    case "order_edited":
      return withReturnsLock(container, cause.order_id, (order) => onEdited(container, order))
    case "merchant_return":
      return withReturnsLock(container, cause.order_id, (order) => onMerchantReturn(container, order, cause))
  }
}

function ledger(container: MedusaContainer) {
  return container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
}

async function onOrderPlaced(container: MedusaContainer, orderId: string): Promise<LedgerAction[]> {
  const financed = await financedOrder(container, orderId)
  if (!financed) return []
  const financing = ledger(container)
  const { order, application } = financed
  const orders = [String(order.display_id), order.id]
  const recorded = [
    await financing.recordAction({
      applicationId: application.id,
      kind: "order_references",
      cause: `order_references:${order.id}`,
      summary: `Order #${order.display_id} (${order.id})`,
      payload: { orders },
    }),
  ]
  if (financing.getOptions().invoiceOn === "order_placed")
    recorded.push(await recordInvoice(financing, financed))
  return recorded.filter((entry) => entry.created).map((entry) => entry.action)
}

async function onFulfillmentCreated(container: MedusaContainer, orderId: string): Promise<LedgerAction[]> {
  const financing = ledger(container)
  if (financing.getOptions().invoiceOn !== "fulfillment") return []
  const financed = await financedOrder(container, orderId)
  if (!financed) return []
  const { action, created } = await recordInvoice(financing, financed)
  return created ? [action] : []
}

/** One generated invoice per order, whichever event comes first. */
function recordInvoice(financing: RetailFinancingModuleService, { order, application }: FinancedOrder) {
  const payload: InvoicePayload = { source: "generated", order_id: order.id }
  return financing.recordAction({
    applicationId: application.id,
    kind: "invoice",
    cause: `invoice:${order.id}`,
    summary: `Invoice PDF for order #${order.display_id}`,
    payload,
  })
}

async function onMerchantInvoice(
  container: MedusaContainer,
  cause: Extract<PostSaleCause, { type: "merchant_invoice" }>
): Promise<LedgerAction[]> {
  const financed = await requireFinanced(container, cause.order_id)
  const payload: InvoicePayload = {
    source: "file",
    order_id: cause.order_id,
    file_id: cause.file_id,
    filename: cause.filename,
  }
  const { action } = await ledger(container).recordAction({
    applicationId: financed.application.id,
    kind: "invoice",
    cause: `invoice:${cause.order_id}:file:${cause.file_id}`,
    summary: `Invoice file ${cause.filename} uploaded by the merchant`,
    payload,
  })
  return [action]
}

/** Shipped (shipment created) or handed over (marked delivered): one delivery record per fulfillment. */
async function onHandedOver(container: MedusaContainer, fulfillmentId: string): Promise<LedgerAction[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_fulfillment",
    fields: ["order_id"],
    filters: { fulfillment_id: fulfillmentId },
  })
  const orderId = (data[0] as { order_id?: string } | undefined)?.order_id
  if (!orderId) return []
  const financed = await financedOrder(container, orderId)
  if (!financed) return []
  const { action, created } = await recordDelivery(
    container,
    financed,
    fulfillmentId,
    `delivery:${fulfillmentId}`
  )
  return created ? [action] : []
}

/** The merchant's "send delivery information": the order's latest fulfillment, sent again on purpose. */
async function onMerchantDelivery(container: MedusaContainer, orderId: string): Promise<LedgerAction[]> {
  const financed = await requireFinanced(container, orderId)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["fulfillments.id", "fulfillments.created_at", "fulfillments.canceled_at"],
    filters: { id: orderId },
  })
  const fulfillments = (
    ((data[0] as { fulfillments?: unknown } | undefined)?.fulfillments ?? []) as {
      id: string
      created_at: string
      canceled_at?: string | null
    }[]
  )
    .filter((fulfillment) => !fulfillment.canceled_at)
    .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
  const latest = fulfillments.at(-1)
  if (!latest) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The order has no fulfillment yet: create one before sending delivery information."
    )
  }
  const cause = `delivery:${latest.id}:merchant:${Date.now()}`
  const { action } = await recordDelivery(container, financed, latest.id, cause)
  return [action]
}

function recordDelivery(
  container: MedusaContainer,
  financed: FinancedOrder,
  fulfillmentId: string,
  cause: string
) {
  const payload: DeliveryPayload = { fulfillment_id: fulfillmentId }
  return ledger(container).recordAction({
    applicationId: financed.application.id,
    kind: "delivery",
    cause,
    summary: `Delivery information for fulfillment ${fulfillmentId}`,
    payload,
  })
}

async function onRefund(container: MedusaContainer, paymentId: string): Promise<LedgerAction[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "payment_collection.order.id"],
    filters: { id: paymentId },
  })
  const orderId = (data[0] as { payment_collection?: { order?: { id?: string } } } | undefined)
    ?.payment_collection?.order?.id
  if (!orderId) return []
  return withReturnsLock(container, orderId, async (order) => {
    const actions: LedgerAction[] = []
    // Each refund is its own cause; one event may stand for several refunds recorded since the last.
    const refunds = [...order.payment.refunds].sort(
      (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime()
    )
    for (const refund of refunds) {
      actions.push(...(await onReturnCause(container, order, "refund", `refund:${refund.id}`)))
    }
    return actions
  })
}

/**
 * Plans and records the return request a cancel, a refund or a received return asks for (see planReturn),
 * queued behind a return the service has not settled yet.
 */
async function onReturnCause(
  container: MedusaContainer,
  financed: FinancedOrder,
  cause: ReturnCause,
  causeKey: string,
  returnId?: string
): Promise<LedgerAction[]> {
  const financing = ledger(container)
  const actions = await financing.listFinancingActions({ application_id: financed.application.id })
  if (actions.some((action) => action.cause === causeKey)) return []
  const received = await receivedReturnsOf(container, financed.order.id)
  const planned = planReturn(cause, {
    financedCents: financedCents(financed.application),
    requestedCents: requestedReturnCents(actions),
    refundedCents: financed.payment.refunds.reduce((sum, refund) => sum + toCents(refund.amount), 0),
    receivedReturnsCents: received.totalCents,
  })
  if (!planned) return []
  const medusaReason = returnId ? received.reasonOf(returnId) : null
  const reasonText = { cancel: "Order canceled", refund: "Refund", return_received: "Items returned" }[cause]
  return recordReturn(container, financed, actions, {
    causeKey,
    returnType: planned.returnType,
    amountCents: planned.amountCents,
    medusaReason,
    fallbackReason: `${reasonText} in the store's order #${financed.order.display_id}`,
  })
}

/** An edited order whose total no longer matches the contract: the service redraws the contract. */
async function onEdited(container: MedusaContainer, financed: FinancedOrder): Promise<LedgerAction[]> {
  const financing = ledger(container)
  const totalCents = toCents(financed.order.total)
  const contractCents = financedCents(financed.application)
  if (totalCents === contractCents) return []
  const actions = await financing.listFinancingActions({ application_id: financed.application.id })
  return recordReturn(container, financed, actions, {
    causeKey: `redraft:${financed.order.id}:v${financed.order.version}`,
    returnType: RETURN_TYPES.Redraft,
    amountCents: 0,
    medusaReason: null,
    fallbackReason:
      `Order #${financed.order.display_id} edited: new total $${fromCents(totalCents).toFixed(2)}, ` +
      `contract $${fromCents(contractCents).toFixed(2)}`,
  })
}

async function onMerchantReturn(
  container: MedusaContainer,
  financed: FinancedOrder,
  cause: Extract<PostSaleCause, { type: "merchant_return" }>
): Promise<LedgerAction[]> {
  const financing = ledger(container)
  const actions = await financing.listFinancingActions({ application_id: financed.application.id })
  const plan = planMerchantReturn({
    returnType: cause.return_type,
    amount: cause.amount,
    financedCents: financedCents(financed.application),
    requestedCents: requestedReturnCents(actions),
  })
  if (!plan.ok) {
    const type = plan.refusal === "invalid" ? MedusaError.Types.INVALID_DATA : MedusaError.Types.NOT_ALLOWED
    throw new MedusaError(type, plan.message)
  }
  const { returnType, amountCents } = plan
  if (cause.return_reason_id) await checkChosenReason(financing, cause.return_reason_id)
  return recordReturn(container, financed, actions, {
    causeKey: `merchant_return:${financed.order.id}:${Date.now()}`,
    returnType,
    amountCents,
    medusaReason: null,
    fallbackReason: cause.reason?.trim() || `Requested by the store for order #${financed.order.display_id}`,
    returnReasonPublicId: cause.return_reason_id,
  })
}

/**
 * Refuses a reason the service does not list. While the list cannot be read, the id (which the admin took
 * from that list moments ago) is kept: the request is recorded and sent once the service is back, and the
 * service itself refuses an id it does not know, which the action then shows.
 */
async function checkChosenReason(financing: RetailFinancingModuleService, publicId: string): Promise<void> {
  const listed = await financing
    .getClient()
    .listReturnReasons()
    .catch(() => null)
  if (listed && !listed.some((reason) => reason.publicId === publicId)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "return_reason_id is not one of the service's return reasons"
    )
  }
}

interface ReturnRecordInput {
  causeKey: string
  returnType: ReturnType
  amountCents: number
  medusaReason: MedusaReturnReason | null
  fallbackReason: string
  returnReasonPublicId?: string
}

async function recordReturn(
  container: MedusaContainer,
  financed: FinancedOrder,
  actions: LedgerAction[],
  input: ReturnRecordInput
): Promise<LedgerAction[]> {
  const financing = ledger(container)
  const options = financing.getOptions()
  const mapped = input.medusaReason
    ? serviceReturnReasonFor(
        input.medusaReason,
        await serviceReturnReasons(financing),
        options.returnReasonMap
      )
    : {}
  const request: ReturnRequest = withoutUndefined({
    agentName: options.returnAgent?.name,
    email: options.returnAgent?.email,
    phone: options.returnAgent?.phone,
    returnType: input.returnType,
    returnReasonPublicId: input.returnReasonPublicId ?? mapped.returnReasonPublicId,
    reason: mapped.reason ?? input.fallbackReason.slice(0, 500),
    amount: input.returnType === RETURN_TYPES.Partial ? fromCents(input.amountCents) : undefined,
  })
  const payload: ReturnPayload = { request, amount_cents: input.amountCents }
  const typeName = RETURN_TYPE_NAMES[input.returnType]
  const { action, created } = await financing.recordAction({
    applicationId: financed.application.id,
    kind: "return",
    cause: input.causeKey,
    summary:
      input.returnType === RETURN_TYPES.Redraft
        ? `${typeName}: ${request.reason ?? ""}`
        : `${typeName} of $${fromCents(input.amountCents).toFixed(2)} (${input.causeKey.split(":")[0]})`,
    payload: payload as unknown as Record<string, unknown>,
    waiting: hasOpenReturn(actions),
  })
  return created && action.state === "pending" ? [action] : []
}

/** The service's return reasons, or none while it cannot be reached: a reason is optional in a request. */
function serviceReturnReasons(financing: RetailFinancingModuleService) {
  return financing
    .getClient()
    .listReturnReasons()
    .catch(() => [])
}

async function requireFinanced(container: MedusaContainer, orderId: string): Promise<FinancedOrder> {
  const financed = await financedOrder(container, orderId)
  if (!financed) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not paid with retail financing.`)
  }
  return financed
}

/** Return causes of one order are planned one at a time, so two events cannot both ask for the same money. */
async function withReturnsLock(
  container: MedusaContainer,
  orderId: string,
  work: (financed: FinancedOrder) => Promise<LedgerAction[]>
): Promise<LedgerAction[]> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    `retail-financing:returns:${orderId}`,
    async () => {
      const financed = await financedOrder(container, orderId)
      return financed ? work(financed) : []
    },
    { timeout: 60 }
  )
}
