import {
  COMPLETION_TAG_KEY,
  type CartToComplete,
  type UnlinkedOrder,
  chooseOrphan,
  hasCompletionTag,
  orphanRejection,
  withCompletionTag,
} from "../interrupted-completion"

const cart: CartToComplete = {
  id: "cart_A",
  payment_collection_id: "pay_col_A",
  fingerprints: { cart: "lines-A", customer: "ada" },
}

const orphan = (overrides: Partial<UnlinkedOrder> = {}): UnlinkedOrder => ({
  id: "order_1",
  created_at: "2026-01-01T10:00:00.000Z",
  metadata: { [COMPLETION_TAG_KEY]: "cart_A", gift: true },
  canceled: false,
  payment_collection_ids: [],
  fingerprints: { cart: "lines-A", customer: "ada" },
  ...overrides,
})

describe("the completion tag", () => {
  it("names the cart, and is added over the cart's own metadata without dropping it", () => {
    expect(withCompletionTag({ gift: true }, "cart_A")).toEqual({
      gift: true,
      [COMPLETION_TAG_KEY]: "cart_A",
    })
    expect(withCompletionTag(null, "cart_A")).toEqual({ [COMPLETION_TAG_KEY]: "cart_A" })
    expect(hasCompletionTag({ [COMPLETION_TAG_KEY]: "cart_A" }, "cart_A")).toBe(true)
    expect(hasCompletionTag({ [COMPLETION_TAG_KEY]: "cart_B" }, "cart_A")).toBe(false)
    expect(hasCompletionTag(undefined, "cart_A")).toBe(false)
  })
})

describe("adopting the order of an interrupted completion", () => {
  it("adopts an order tagged for the cart, unlinked or linked to the cart's own payments, that is what the cart makes", () => {
    expect(orphanRejection(orphan(), cart)).toBeNull()
    expect(orphanRejection(orphan({ payment_collection_ids: ["pay_col_A"] }), cart)).toBeNull()
  })

  it("never adopts an order tagged for another cart", () => {
    expect(orphanRejection(orphan({ metadata: { [COMPLETION_TAG_KEY]: "cart_B" } }), cart)).toBe(
      "not_tagged_for_cart"
    )
    expect(orphanRejection(orphan({ metadata: null }), cart)).toBe("not_tagged_for_cart")
  })

  it("never adopts an order linked to another cart's payment collection (a copied tag)", () => {
    expect(orphanRejection(orphan({ payment_collection_ids: ["pay_col_B"] }), cart)).toBe(
      "linked_to_other_payments"
    )
    expect(orphanRejection(orphan({ payment_collection_ids: ["pay_col_A", "pay_col_B"] }), cart)).toBe(
      "linked_to_other_payments"
    )
  })

  it("never adopts an order whose lines, total or customer differ from the cart's, or a canceled one", () => {
    expect(orphanRejection(orphan({ fingerprints: { cart: "lines-B", customer: "ada" } }), cart)).toBe(
      "differs_from_cart"
    )
    expect(orphanRejection(orphan({ fingerprints: { cart: "lines-A", customer: "mallory" } }), cart)).toBe(
      "differs_from_cart"
    )
    expect(orphanRejection(orphan({ fingerprints: null }), cart)).toBe("differs_from_cart")
    expect(orphanRejection(orphan(), { ...cart, fingerprints: null })).toBe("differs_from_cart")
    expect(orphanRejection(orphan({ canceled: true }), cart)).toBe("canceled")
  })

  it("adopts the oldest adoptable order and reports the others tagged for the cart, ignoring other carts' orders", () => {
    const older = orphan({ id: "order_old", created_at: "2026-01-01T09:00:00.000Z" })
    const newer = orphan({ id: "order_new", created_at: "2026-01-01T11:00:00.000Z" })
    const copied = orphan({ id: "order_copy", payment_collection_ids: ["pay_col_B"] })
    const otherCart = orphan({ id: "order_B", metadata: { [COMPLETION_TAG_KEY]: "cart_B" } })
    const choice = chooseOrphan([newer, copied, otherCart, older], cart)
    expect(choice.adopt?.id).toBe("order_old")
    expect(choice.rejected.map(({ order, reason }) => [order.id, reason])).toEqual([
      ["order_copy", "linked_to_other_payments"],
      ["order_new", "older_one_adopted"],
    ])
    expect(chooseOrphan([otherCart], cart)).toEqual({ adopt: null, rejected: [] })
  })
})
