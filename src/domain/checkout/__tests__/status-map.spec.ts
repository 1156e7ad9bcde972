import { PaymentSessionStatus as MedusaStatuses } from "@medusajs/framework/utils"

import { APPLICATION_STATUSES, type ApplicationStatusValue } from "../../../lib/financing/schemas/statuses"
import { toPaymentSessionStatus } from "../status-map"
import { EXPECTED_SESSION_STATUS as expected, POST_SALE_STATUSES } from "./support/expected-statuses"

describe("toPaymentSessionStatus", () => {
  it.each(Object.entries(expected))("maps %s to %s", (status, medusa) => {
    expect(toPaymentSessionStatus(status as ApplicationStatusValue)).toBe(medusa)
  })

  it("only ever answers a status Medusa knows", () => {
    const known = new Set<string>(Object.values(MedusaStatuses))
    for (const status of APPLICATION_STATUSES) {
      expect(known).toContain(toPaymentSessionStatus(status))
    }
  })

  // Medusa completes a cart when authorizePayment answers authorized or captured.
  it("lets only a signed or funded contract complete a cart", () => {
    const completing = APPLICATION_STATUSES.filter((status) =>
      ["authorized", "captured"].includes(toPaymentSessionStatus(status))
    )

    expect(completing.sort()).toEqual([
      "Funded",
      "Signed",
      "SignedWaitingForInvoice",
      "SignedWaitingForInvoiceApproval",
    ])
  })

  it.each(POST_SALE_STATUSES)("keeps the previous status for %s", (status) => {
    expect(toPaymentSessionStatus(status, "captured")).toBe("captured")
    expect(toPaymentSessionStatus(status, "authorized")).toBe("authorized")
  })

  it("ignores the previous status for every other application status", () => {
    expect(toPaymentSessionStatus("Declined", "authorized")).toBe("error")
    expect(toPaymentSessionStatus("Funded", "authorized")).toBe("captured")
  })

  it("fails loudly on a status the contract does not know", () => {
    expect(() => toPaymentSessionStatus("Approvedish" as ApplicationStatusValue)).toThrow(/Approvedish/)
  })
})
