import type { ApplicationStatusValue } from "../lib/financing/schemas"

/**
 * Each status as a person trying the sandbox reads it: a label, and one line on what it means and what
 * comes next. The status codes themselves are the service's (spec section 2.4) and stay in the API.
 */
export const STATUS_WORDS: Readonly<Record<ApplicationStatusValue, { label: string; meaning: string }>> = {
  Pending: {
    label: "Waiting for the shopper",
    meaning: "The store made the application; the shopper has not signed yet.",
  },
  "Pre-qualified": {
    label: "Pre-qualified",
    meaning: "The shopper looks likely to qualify; nothing is signed yet.",
  },
  PendingApproval: {
    label: "Waiting for the lender's decision",
    meaning: "The lender is still deciding; nothing is signed yet.",
  },
  Approved: {
    label: "Approved, not signed",
    meaning: "The lender said yes; the shopper can sign on the application page.",
  },
  SignedWaitingForInvoice: {
    label: "Signed, waiting for the store's invoice",
    meaning: "The shopper signed. The store sends its invoice once the order ships.",
  },
  SignedWaitingForInvoiceApproval: {
    label: "Signed, invoice being checked",
    meaning: "The store's invoice arrived; the sandbox approves it after a moment.",
  },
  Signed: {
    label: "Signed, invoice approved",
    meaning: "Ready for funding: the lender pays the store next.",
  },
  Funded: {
    label: "Funded",
    meaning: "The lender has paid the store. The shopper now pays the lender.",
  },
  PendingReturn: {
    label: "Return in progress",
    meaning: "The store asked for a return; it settles after a moment.",
  },
  Returned: {
    label: "Returned",
    meaning: "The goods went back; the contract is closed.",
  },
  Declined: {
    label: "Declined",
    meaning: "The application was declined; the shopper pays another way.",
  },
  Ineligible: {
    label: "Not eligible",
    meaning: "The application could not be financed.",
  },
  Expired: {
    label: "Expired",
    meaning: "The shopper did not sign in time.",
  },
  Error: {
    label: "Error",
    meaning: "The application stopped with an error.",
  },
}
