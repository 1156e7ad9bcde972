import { CONTRACT_EXCEPTION_TEXT } from "../contract-exceptions"
import { type LedgerFacts, WAITING_RETRY_AFTER_MS, shopperFinancingState } from "../shopper-financing-state"

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 12, minute))
const app = (status: string, minute: number, more: Partial<LedgerFacts> = {}): LedgerFacts => ({
  status,
  created_at: at(minute),
  ...more,
})
const ORDER = { id: "order_1", display_id: 7 }
const FINANCED_ORDER = { ...ORDER, paid_over_time: true }
const ORDER_PAID_ANOTHER_WAY = { ...ORDER, paid_over_time: false }

describe("shopperFinancingState", () => {
  it("is not_started without an application", () => {
    expect(shopperFinancingState([], null)).toMatchObject({ state: "not_started" })
  })

  it("is not_started while the only application is open (nothing signed)", () => {
    expect(shopperFinancingState([app("Approved", 1)], null).state).toBe("not_started")
  })

  it("is order_placed with the order's id and display id once the cart is an order", () => {
    const answer = shopperFinancingState([app("Signed", 1, { order_id: "order_1" })], FINANCED_ORDER)
    expect(answer).toEqual({ state: "order_placed", message: expect.any(String), order: ORDER })
    expect(answer.message).toMatch(/over time/)
  })

  it("tells a shopper who signed for a cart then paid another way that the contract is not needed and nothing is owed", () => {
    // Pay over time up to the service's page, Manual payment in another tab, then signed in the first tab.
    for (const applications of [
      [app("SignedWaitingForInvoice", 1)],
      [app("Signed", 1, { exception_reason: "session_deleted", exception_at: at(3) })],
    ]) {
      const answer = shopperFinancingState(applications, ORDER_PAID_ANOTHER_WAY)
      expect(answer).toEqual({ state: "signed_no_order", message: expect.any(String), order: ORDER })
      expect(answer.message).toMatch(/paid another way/)
      expect(answer.message).toMatch(/owe nothing/)
    }
  })

  it("never says an order paid another way is paid over time", () => {
    const financed = shopperFinancingState([app("Signed", 1, { order_id: "order_1" })], FINANCED_ORDER)
    for (const applications of [[], [app("Approved", 1)], [app("Declined", 1)]]) {
      const answer = shopperFinancingState(applications, ORDER_PAID_ANOTHER_WAY)
      expect(answer).toEqual({ state: "order_placed", message: expect.any(String), order: ORDER })
      expect(answer.message).not.toBe(financed.message)
      expect(answer.message).toMatch(/paid another way/)
    }
  })

  it("is waiting, with a retry delay, while a signed contract has no order yet", () => {
    const answer = shopperFinancingState([app("SignedWaitingForInvoice", 1)], null)
    expect(answer).toMatchObject({ state: "waiting", retry_after_ms: WAITING_RETRY_AFTER_MS })
  })

  it("is waiting while the service approves", () => {
    expect(shopperFinancingState([app("PendingApproval", 1)], null).state).toBe("waiting")
  })

  it("is declined when the latest application was refused", () => {
    expect(shopperFinancingState([app("Declined", 1)], null).state).toBe("declined")
    expect(shopperFinancingState([app("Ineligible", 1)], null).state).toBe("declined")
  })

  it("is left when the latest application expired, even after an older refusal", () => {
    expect(shopperFinancingState([app("Declined", 1), app("Expired", 2)], null).state).toBe("left")
  })

  it("tells the shopper who signed an earlier application, even when a newer one is open", () => {
    const answer = shopperFinancingState(
      [app("Signed", 1, { exception_reason: "superseded", exception_at: at(5) }), app("Pending", 2)],
      null
    )
    expect(answer.state).toBe("signed_no_order")
    expect(answer.message).toContain(CONTRACT_EXCEPTION_TEXT.superseded.shopper)
    expect(answer.message).toMatch(/owe nothing/)
  })

  it("says the cart changed after signing, and that nothing is owed for that contract", () => {
    const answer = shopperFinancingState(
      [app("Signed", 1, { exception_reason: "cart_changed", exception_at: at(3) })],
      null
    )
    expect(answer).toEqual({
      state: "signed_no_order",
      message: `${CONTRACT_EXCEPTION_TEXT.cart_changed.shopper} You owe nothing for that contract.`,
    })
  })

  it("does not say nothing is owed when the store still tries to place the order", () => {
    const answer = shopperFinancingState(
      [app("Signed", 1, { exception_reason: "completion_failed", exception_at: at(3) })],
      null
    )
    expect(answer.state).toBe("signed_no_order")
    expect(answer.message).not.toMatch(/owe nothing/)
  })

  it("says what is still owed to the store and that the store will contact the shopper", () => {
    const answer = shopperFinancingState(
      [app("Signed", 1, { order_id: "order_1", total_in_store_payment: "100" })],
      FINANCED_ORDER
    )
    expect(answer.in_store_payment).toEqual({
      amount: "100.00",
      message: expect.stringMatching(/\$100\.00.*owe it to the store\. The store will contact you/),
    })
  })

  it("gives the merchant's own instructions for the in-store payment when configured", () => {
    const answer = shopperFinancingState(
      [app("Signed", 1, { order_id: "order_1", total_in_store_payment: 12.5 })],
      FINANCED_ORDER,
      "Pay it at the counter when you pick up your order."
    )
    expect(answer.in_store_payment?.message).toMatch(/\$12\.50.*Pay it at the counter/)
  })

  it("takes the in-store payment from the order's payment when the order was placed before the ledger had it", () => {
    // The shopper's completion placed the order from the provider's own read; the signed callback is not in.
    const beforeTheCallback = [app("Pending", 1, { order_id: "order_1", total_in_store_payment: null })]
    expect(
      shopperFinancingState(beforeTheCallback, { ...FINANCED_ORDER, in_store_payment_cents: 4_550 })
        .in_store_payment
    ).toEqual({ amount: "45.50", message: expect.stringMatching(/\$45\.50.*owe it to the store/) })
    // Once the ledger has the contract's figure, the ledger's wins: it follows the service's later reads.
    const recorded = [app("Signed", 1, { order_id: "order_1", total_in_store_payment: "20" })]
    expect(
      shopperFinancingState(recorded, { ...FINANCED_ORDER, in_store_payment_cents: 4_550 }).in_store_payment
        ?.amount
    ).toBe("20.00")
  })

  it("has no in-store payment when the contract covers the whole order", () => {
    const answer = shopperFinancingState(
      [app("Signed", 1, { order_id: "order_1", total_in_store_payment: 0 })],
      FINANCED_ORDER
    )
    expect(answer).not.toHaveProperty("in_store_payment")
  })

  it("answers in Spanish with the same states, amounts and order, the merchant's own instructions as written", () => {
    const signed = [app("Signed", 1, { order_id: "order_1", total_in_store_payment: "100" })]
    const english = shopperFinancingState(signed, FINANCED_ORDER, undefined, "en")
    const spanish = shopperFinancingState(signed, FINANCED_ORDER, undefined, "es")
    expect(spanish).toEqual({
      state: english.state,
      order: english.order,
      message: "Tu pedido está hecho y lo pagas a plazos.",
      in_store_payment: {
        amount: "100.00",
        message:
          "Tu contrato no cubre $100.00 de este pedido: todavía le debes esa cantidad a la tienda. " +
          "La tienda se comunicará contigo para decirte cómo pagarla.",
      },
    })
    const superseded = shopperFinancingState(
      [app("Signed", 1, { exception_reason: "superseded", exception_at: at(5) })],
      null,
      undefined,
      "es"
    )
    expect(superseded.state).toBe("signed_no_order")
    expect(superseded.message).toMatch(/^Firmaste una solicitud anterior.*No debes nada por ese contrato\.$/)
    expect(
      shopperFinancingState(signed, FINANCED_ORDER, "Pay at the counter.", "es").in_store_payment?.message
    ).toMatch(/Pay at the counter\.$/)
  })
})
