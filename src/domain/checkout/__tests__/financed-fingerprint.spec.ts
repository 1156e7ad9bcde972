import { createHmac } from "node:crypto"

import type { FinancingCart, FinancingCartAddress } from "../cart"
import { cartToApplication } from "../cart-to-application"
import { currentFingerprints, financedFingerprints } from "../financed-fingerprint"

const SECRET = "a-callback-secret-for-the-tests"

const ADDRESS: FinancingCartAddress = {
  first_name: "Ada",
  last_name: "Shopper",
  address_1: "1 Main St",
  city: "Austin",
  province: "tx",
  postal_code: "78701",
  country_code: "us",
  phone: "512-555-0100",
}

const CART: FinancingCart = {
  id: "cart_1",
  email: "ada@example.com",
  currency_code: "usd",
  total: 108.25,
  tax_total: 8.25,
  items: [{ id: "item_1", title: "Sectional sofa", quantity: 1, subtotal: 100, adjustments: [] }],
  shipping_methods: [],
  billing_address: ADDRESS,
  shipping_address: ADDRESS,
}

/** The fingerprints made when the application is created (the creation workflow's own computation). */
function atCreation(cart: FinancingCart) {
  const built = cartToApplication(cart, { storeCode: "STORE", minAmount: 50, maxAmount: 5000 })
  if (!built.ok) throw new Error(JSON.stringify(built.problems))
  return financedFingerprints(SECRET, cart, built.application, built.totalCents)
}

describe("currentFingerprints", () => {
  it("also gives the cart fingerprint as ledger rows from before v2 hold it: the lines in the order read", () => {
    const built = cartToApplication(CART, { storeCode: "STORE" })
    if (!built.ok) throw new Error("the test cart makes an application")
    // The formula those rows were recorded with, written out apart from the code under test.
    const key = createHmac("sha256", SECRET).update("financed-fingerprint").digest()
    const products = built.application.products.map((line) => [line.description, line.quantity, line.value])
    const legacy = createHmac("sha256", key)
      .update(JSON.stringify({ products, totalCents: built.totalCents }))
      .digest("base64url")
    const current = currentFingerprints(SECRET, CART, "STORE")
    expect(current?.legacyCart).toBe(legacy)
    expect(current?.cart.startsWith("v2.")).toBe(true)
    expect(current?.cart).not.toContain(legacy)
  })

  it("gives what creation gave for the same cart, whatever the store's limits are now", () => {
    expect(currentFingerprints(SECRET, CART, "STORE")).toMatchObject(atCreation(CART))
  })

  it("changes the cart fingerprint alone when an item is added", () => {
    const changed = currentFingerprints(
      SECRET,
      {
        ...CART,
        total: 216.5,
        tax_total: 16.5,
        items: [
          ...CART.items!,
          { id: "item_2", title: "Sectional sofa", quantity: 1, subtotal: 100, adjustments: [] },
        ],
      },
      "STORE"
    )
    expect(changed?.cart).not.toBe(atCreation(CART).cart)
    expect(changed?.customer).toBe(atCreation(CART).customer)
  })

  it("is the same for the same lines in another order: another cart's lines have other ids", () => {
    const sofa = { title: "Sectional sofa", quantity: 1, subtotal: 100, adjustments: [] }
    const ottoman = { title: "Ottoman", quantity: 2, subtotal: 200, adjustments: [] }
    const twoLines = (first: object, second: object): FinancingCart => ({
      ...CART,
      total: 324.75,
      tax_total: 24.75,
      items: [
        { id: "item_1", ...first },
        { id: "item_2", ...second },
      ] as FinancingCart["items"],
    })
    expect(atCreation(twoLines(ottoman, sofa)).cart).toBe(atCreation(twoLines(sofa, ottoman)).cart)
  })

  it("changes the customer fingerprint alone when the shipping address changes", () => {
    const changed = currentFingerprints(
      SECRET,
      {
        ...CART,
        shipping_address: { ...ADDRESS, first_name: "Mallory", address_1: "99 Drop St", city: "Dallas" },
      },
      "STORE"
    )
    expect(changed?.cart).toBe(atCreation(CART).cart)
    expect(changed?.customer).not.toBe(atCreation(CART).customer)
  })

  it("ignores case and spacing in the email", () => {
    expect(currentFingerprints(SECRET, { ...CART, email: " ADA@Example.com " }, "STORE")).toMatchObject(
      atCreation(CART)
    )
  })

  it("is null when the cart no longer makes an application", () => {
    expect(currentFingerprints(SECRET, { ...CART, items: [], total: 0, tax_total: 0 }, "STORE")).toBeNull()
    expect(
      currentFingerprints(SECRET, { ...CART, billing_address: null, shipping_address: null }, "STORE")
    ).toBeNull()
  })

  it("reveals nothing: another secret gives other fingerprints", () => {
    expect(currentFingerprints("another-secret-of-enough-length", CART, "STORE")).not.toEqual(
      atCreation(CART)
    )
  })
})
