import { APPLICATION_STATUSES } from "../../../lib/financing/schemas/statuses"
import { captureRefusalMessage } from "../capture-refusal"

/** A status name as the service spells it, anywhere in a sentence ("Signed" as a word is fine in prose). */
const RAW_STATUS_NAMES = APPLICATION_STATUSES.filter((status) => /[a-z][A-Z]|-/.test(status))

describe("captureRefusalMessage", () => {
  it.each(APPLICATION_STATUSES.filter((status) => status !== "Funded"))(
    "names no raw status for %s",
    (status) => {
      const message = captureRefusalMessage(status)
      for (const raw of RAW_STATUS_NAMES) expect(message).not.toContain(raw)
      expect(message).toMatch(/\.$/)
    }
  )

  it("says the lender's funding captures the payment, and that invoice and delivery are still missing", () => {
    const message = captureRefusalMessage("SignedWaitingForInvoice")
    expect(message).toMatch(/captured by itself when the lender funds/)
    expect(message).toMatch(/Still missing: the order's invoice/)
    expect(message).toMatch(/delivery information/)
  })

  it("says the invoice is under review, and the delivery information still needed, once the invoice is in", () => {
    const message = captureRefusalMessage("SignedWaitingForInvoiceApproval")
    expect(message).toMatch(/captured by itself/)
    expect(message).toMatch(/has the invoice and is reviewing it/)
    expect(message).toMatch(/delivery information/)
    expect(message).not.toMatch(/Still missing: the order's invoice/)
  })

  it("asks only for the delivery information once the lender accepted the invoice", () => {
    const message = captureRefusalMessage("Signed")
    expect(message).toMatch(/accepted the invoice and funds once it has the delivery information/)
    expect(message).not.toMatch(/order's invoice/)
  })

  it("says there is nothing to capture for a contract returned whole or an application that ended unsigned", () => {
    expect(captureRefusalMessage("Returned")).toMatch(/returned whole.*nothing to capture/)
    expect(captureRefusalMessage("Declined")).toMatch(/declined/)
    expect(captureRefusalMessage("Expired")).toMatch(/expired/)
  })

  it("falls back to the general sentence for a status it does not know, without repeating it", () => {
    const message = captureRefusalMessage("SomethingNew")
    expect(message).toMatch(/captured by itself when the lender funds/)
    expect(message).not.toContain("SomethingNew")
    expect(captureRefusalMessage(undefined)).toBe(message)
  })
})
