import { CONTRACT_EXCEPTION_TEXT, type ContractExceptionReason } from "../checkout/contract-exceptions"
import { ACTION_KIND_ROWS, isActionKind } from "../post-sale/action-kinds"

/** A notification of the admin's bell: a title and a description, both read by the merchant as they are. */
export interface BellText {
  title: string
  description: string
}

/** The order as the merchant knows it: its display number (#12) when it has one. */
function orderWords(order: { display_id: number | null } | null, publicId: string | null): string {
  if (order?.display_id) return `order #${order.display_id}`
  if (publicId) return `financing application ${publicId}, which has no order`
  return "a financing application with no order"
}

const isExceptionReason = (reason: string): reason is ContractExceptionReason =>
  Object.hasOwn(CONTRACT_EXCEPTION_TEXT, reason)

/** An exception opened: a signed contract gave no order. What happened, to which order, what to do. */
export function exceptionBellText(input: {
  reason: string
  order: { display_id: number | null } | null
  public_id: string | null
}): BellText {
  const text = isExceptionReason(input.reason) ? CONTRACT_EXCEPTION_TEXT[input.reason] : null
  const what = text?.merchant ?? `A signed contract needs you (${input.reason.replace(/_+/g, " ")}).`
  const todo = text?.todo ?? "Open Retail financing and void the contract or mark it resolved."
  return {
    title: `Financing: a signed contract needs you (${orderWords(input.order, input.public_id)})`,
    description: `${what} ${todo}`,
  }
}

/** A post-sale action needs the merchant: the service refused it, or its outcome is the merchant's to decide. */
export function actionBellText(input: {
  kind: string
  reason: string
  order: { display_id: number | null } | null
  public_id: string | null
}): BellText {
  const what = isActionKind(input.kind)
    ? ACTION_KIND_ROWS[input.kind].whatIsSent
    : `the ${input.kind.replace(/_+/g, " ").trim()}`
  const why = input.reason.trim().replace(/\.$/, "")
  return {
    title: `Financing: the lender did not take ${what} (${orderWords(input.order, input.public_id)})`,
    description:
      `Sending ${what} to the financing service needs you${why ? `: ${why}` : ""}. ` +
      "Fix the cause, then retry it from the order's Retail financing card.",
  }
}
