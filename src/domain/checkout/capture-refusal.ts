import { type ApplicationStage, findApplicationStage } from "../../lib/financing/schemas/statuses"

/**
 * Why Medusa's "Capture payment" is refused on a financed order the lender has not funded, in the words the
 * dashboard's toast shows the merchant: the capture is the lender's funding, which the plugin records by
 * itself, and what the lender still waits for.
 *
 * Only the application's status is known where this is decided (the payment provider reads it from the
 * service; it cannot reach the plugin's ledger): whether the invoice reached the lender follows from the
 * status, whether the delivery information did is not shown by any endpoint, so the message says when it is
 * sent and where the merchant can see it went.
 */
const FUNDING_CAPTURES =
  "Nothing to capture yet: this payment is captured by itself when the lender funds the financing contract."

const DELIVERY_SENT_WHEN =
  "the delivery information, which is sent when a fulfillment is marked shipped or delivered"

const WHERE_TO_LOOK = "The Retail financing section of the order shows what was sent."

/** What the lender still waits for, by the contract's status (the statuses of a signed, unfunded contract). */
const STILL_MISSING: Record<string, string> = {
  SignedWaitingForInvoice:
    "Still missing: the order's invoice, which is sent when the order is fulfilled (or upload one in the " +
    `Retail financing section), and ${DELIVERY_SENT_WHEN}.`,
  SignedWaitingForInvoiceApproval:
    "The lender has the invoice and is reviewing it; it also needs " +
    `${DELIVERY_SENT_WHEN}. ${WHERE_TO_LOOK}`,
  Signed: `The lender accepted the invoice and funds once it has ${DELIVERY_SENT_WHEN}. ${WHERE_TO_LOOK}`,
}

/** Statuses whose stage says the contract is not (or no longer) there to be funded. */
const ENDED: Partial<Record<ApplicationStage, string>> = {
  open: "The shopper has not signed the financing contract, so there is nothing to capture.",
  waiting: "The lender has not decided on the financing application, so there is nothing to capture yet.",
  refused: "The financing application was declined, so there is nothing to capture.",
  expired: "The financing application expired unsigned, so there is nothing to capture.",
  error: "The financing service reports an error on this application; contact the financing partner.",
  returning:
    "A return request is with the lender; the payment is captured by itself if the lender funds the contract " +
    "after it settles.",
  returned:
    "The financing contract was returned whole: the lender pays nothing, so there is nothing to capture.",
}

/**
 * The refusal's message for an application in `status` (as the service spells it; anything else, or
 * nothing, gives the general sentence). Never names the status itself: the merchant reads the toast.
 */
export function captureRefusalMessage(status: unknown): string {
  const missing = typeof status === "string" ? STILL_MISSING[status] : undefined
  if (missing) return `${FUNDING_CAPTURES} ${missing}`
  const stage = findApplicationStage(status)
  const ended = stage ? ENDED[stage] : undefined
  if (ended) return ended
  return `${FUNDING_CAPTURES} ${WHERE_TO_LOOK}`
}
