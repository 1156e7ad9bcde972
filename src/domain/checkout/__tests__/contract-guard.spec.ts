import { type RecordedApplication, type SignedContractFacts, contractException } from "../contract-guard"

const FINANCED = { cart: "v2.cart-fp", customer: "customer-fp", legacyCart: "legacy-cart-fp" }

const RECORDED: RecordedApplication = {
  cart_fingerprint: FINANCED.cart,
  customer_fingerprint: FINANCED.customer,
  superseded_by_id: null,
  exception_reason: null,
}

const facts = (overrides: Partial<SignedContractFacts> = {}): SignedContractFacts => ({
  recorded: RECORDED,
  current: FINANCED,
  sessionLive: true,
  orderPaidOtherwise: false,
  contractCoversCart: true,
  ...overrides,
})

describe("contractException", () => {
  it("lets a contract for the cart as it was financed complete it", () => {
    expect(contractException(facts())).toBeNull()
  })

  it("cart_changed: the lines or total differ from what was financed", () => {
    expect(contractException(facts({ current: { ...FINANCED, cart: "another" } }))).toBe("cart_changed")
  })

  it("cart_changed: the cart no longer makes an application at all", () => {
    expect(contractException(facts({ current: null }))).toBe("cart_changed")
  })

  it("customer_details_changed: the name, contact details or an address differ", () => {
    expect(contractException(facts({ current: { ...FINANCED, customer: "another" } }))).toBe(
      "customer_details_changed"
    )
  })

  it("superseded: a newer application was made for the cart", () => {
    expect(contractException(facts({ recorded: { ...RECORDED, superseded_by_id: "rfapp_newer" } }))).toBe(
      "superseded"
    )
  })

  it("superseded: another payment session of the cart paid its order", () => {
    expect(contractException(facts({ orderPaidOtherwise: true }))).toBe("superseded")
  })

  it("session_deleted: Medusa no longer has the payment session", () => {
    expect(contractException(facts({ sessionLive: false }))).toBe("session_deleted")
  })

  it("contract_short: the contract covers less than the cart", () => {
    expect(contractException(facts({ contractCoversCart: false }))).toBe("contract_short")
  })

  it("says the most telling reason first", () => {
    const everything = facts({
      recorded: { ...RECORDED, superseded_by_id: "rfapp_newer" },
      current: { cart: "v2.x", customer: "y", legacyCart: "z" },
      sessionLive: false,
      orderPaidOtherwise: true,
      contractCoversCart: false,
    })
    expect(contractException(everything)).toBe("superseded")
    const notSuperseded = { ...everything, recorded: RECORDED }
    expect(contractException(notSuperseded)).toBe("cart_changed")
    expect(contractException({ ...notSuperseded, current: { ...FINANCED, customer: "y" } })).toBe(
      "customer_details_changed"
    )
    expect(contractException({ ...notSuperseded, current: FINANCED })).toBe("session_deleted")
    expect(contractException({ ...notSuperseded, current: FINANCED, sessionLive: true })).toBe("superseded")
    expect(
      contractException({ ...notSuperseded, current: FINANCED, sessionLive: true, orderPaidOtherwise: false })
    ).toBe("contract_short")
  })

  it("compares a cart fingerprint recorded before v2 with the cart's fingerprint of that kind", () => {
    const legacy = { ...RECORDED, cart_fingerprint: "legacy-cart-fp" }
    expect(contractException(facts({ recorded: legacy }))).toBeNull()
    expect(
      contractException(facts({ recorded: legacy, current: { ...FINANCED, legacyCart: "other" } }))
    ).toBe("cart_changed")
    // A v2 fingerprint is never taken for a legacy one, nor the other way round.
    expect(
      contractException(facts({ recorded: { ...RECORDED, cart_fingerprint: "v2.legacy-cart-fp" } }))
    ).toBe("cart_changed")
    expect(
      contractException(
        facts({
          recorded: { ...RECORDED, cart_fingerprint: "cart-fp" },
          current: { ...FINANCED, cart: "cart-fp" },
        })
      )
    ).toBe("cart_changed")
  })

  it("cannot compare what was never fingerprinted (applications from before): checks the rest", () => {
    const before = { ...RECORDED, cart_fingerprint: null, customer_fingerprint: null }
    expect(
      contractException(
        facts({ recorded: before, current: { cart: "v2.x", customer: "y", legacyCart: "z" } })
      )
    ).toBeNull()
    expect(contractException(facts({ recorded: before, current: null }))).toBeNull()
    expect(contractException(facts({ recorded: before, sessionLive: false }))).toBe("session_deleted")
    expect(contractException(facts({ recorded: before, contractCoversCart: false }))).toBe("contract_short")
  })

  it("keeps an exception once opened, even if the cart is changed back", () => {
    for (const reason of ["cart_changed", "customer_details_changed", "superseded", "session_deleted"]) {
      expect(contractException(facts({ recorded: { ...RECORDED, exception_reason: reason } }))).toBe(reason)
    }
  })

  it("lets a contract whose completion failed complete once it can (the merchant restocked)", () => {
    expect(
      contractException(facts({ recorded: { ...RECORDED, exception_reason: "completion_failed" } }))
    ).toBeNull()
  })
})
