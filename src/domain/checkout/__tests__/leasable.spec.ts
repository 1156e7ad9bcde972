import {
  type LeasableCartItem,
  type LeasableProductFacts,
  NO_NON_LEASABLE_RULE,
  type NonLeasableRule,
  LEASABLE_PRODUCT_FIELDS,
  leasableProductFieldsFor,
  nonLeasableItemsProblem,
  whyNotLeasable,
} from "../leasable"

const RULE: NonLeasableRule = {
  productTypes: ["Service"],
  productTags: ["consumable"],
  collections: ["gift-ideas"],
  // "protection-plans" is pcat_plans; pcat_plans_2y is its child, pcat_desks is elsewhere.
  categories: new Map([["pcat_plans", "protection-plans"]]),
}

const product = (facts: Partial<LeasableProductFacts> = {}): LeasableProductFacts => ({
  id: "prod_1",
  is_giftcard: false,
  metadata: null,
  type: { value: "Furniture" },
  tags: [{ value: "oak" }],
  collection: { handle: "living-room" },
  categories: [{ id: "pcat_desks", mpath: "pcat_furniture.pcat_desks" }],
  ...facts,
})

describe("whyNotLeasable", () => {
  it("leases an ordinary product, and every product when the store sets no rule", () => {
    expect(whyNotLeasable(product(), RULE)).toBeNull()
    expect(whyNotLeasable(product({ type: { value: "Service" } }), NO_NON_LEASABLE_RULE)).toBeNull()
  })

  it("never leases a gift card, whatever the options say", () => {
    expect(whyNotLeasable(product({ is_giftcard: true }), NO_NON_LEASABLE_RULE)).toEqual({
      rule: "gift_card",
    })
  })

  it("reads the metadata flag as false when it is false or the string a form saves, and only then", () => {
    for (const flag of [false, "false", "FALSE", " false "]) {
      const metadata = { retail_financing_leasable: flag }
      expect(whyNotLeasable(product({ metadata }), NO_NON_LEASABLE_RULE)).toEqual({ rule: "metadata" })
    }
    for (const flag of [true, "true", "", 0, null, "no"]) {
      const metadata = { retail_financing_leasable: flag }
      expect(whyNotLeasable(product({ metadata }), NO_NON_LEASABLE_RULE)).toBeNull()
    }
  })

  it("matches the option by type value, tag value and collection handle, naming what matched", () => {
    expect(whyNotLeasable(product({ type: { value: "Service" } }), RULE)).toEqual({
      rule: "product_type",
      value: "Service",
    })
    expect(whyNotLeasable(product({ tags: [{ value: "oak" }, { value: "consumable" }] }), RULE)).toEqual({
      rule: "product_tag",
      value: "consumable",
    })
    expect(whyNotLeasable(product({ collection: { handle: "gift-ideas" } }), RULE)).toEqual({
      rule: "collection",
      value: "gift-ideas",
    })
  })

  it("matches a category and its descendants by the handle configured, not a sibling", () => {
    const inPlans = product({ categories: [{ id: "pcat_plans", mpath: "pcat_plans" }] })
    const inChild = product({ categories: [{ id: "pcat_plans_2y", mpath: "pcat_plans.pcat_plans_2y" }] })
    const elsewhere = product({ categories: [{ id: "pcat_other", mpath: "pcat_root.pcat_other" }] })
    expect(whyNotLeasable(inPlans, RULE)).toEqual({ rule: "category", value: "protection-plans" })
    expect(whyNotLeasable(inChild, RULE)).toEqual({ rule: "category", value: "protection-plans" })
    expect(whyNotLeasable(elsewhere, RULE)).toBeNull()
    // Without a path (a category read without mpath) the category itself still counts.
    expect(whyNotLeasable(product({ categories: [{ id: "pcat_plans" }] }), RULE)).toEqual({
      rule: "category",
      value: "protection-plans",
    })
  })
})

const item = (id: string, title: string, facts?: Partial<LeasableProductFacts>): LeasableCartItem => ({
  id,
  title,
  product_title: title,
  product: facts ? product(facts) : product(),
})

describe("nonLeasableItemsProblem", () => {
  it("finds nothing wrong with a cart the lender can lease, nor with a custom line that has no product", () => {
    expect(nonLeasableItemsProblem([item("i1", "Desk")], RULE)).toBeUndefined()
    expect(nonLeasableItemsProblem([{ id: "i2", title: "Assembly", product: null }], RULE)).toBeUndefined()
  })

  it("names one line in plain words, with its id for a storefront", () => {
    expect(
      nonLeasableItemsProblem([item("i1", "Desk"), item("i2", "Gift card", { is_giftcard: true })], RULE)
    ).toEqual({
      code: "items_not_leasable",
      field: "items",
      message:
        "Pay over time can't be used for Gift card. Remove it to pay over time, or choose another way to pay.",
      params: { titles: ["Gift card"], count: 1 },
      items: [{ line_item_id: "i2", title: "Gift card" }],
    })
  })

  it("names several lines as a sentence does, each title once", () => {
    const problem = nonLeasableItemsProblem(
      [
        item("i1", "Gift card", { is_giftcard: true }),
        item("i2", "2-year protection plan", { type: { value: "Service" } }),
        item("i3", "Gift card", { is_giftcard: true }),
        item("i4", "Printer ink", { tags: [{ value: "consumable" }] }),
      ],
      RULE
    )
    expect(problem?.message).toBe(
      "Pay over time can't be used for Gift card, 2-year protection plan and Printer ink. " +
        "Remove them to pay over time, or choose another way to pay."
    )
    expect(problem?.items?.map((line) => line.line_item_id)).toEqual(["i1", "i2", "i3", "i4"])
  })
})

describe("leasableProductFieldsFor", () => {
  it("reads the gift-card flag and metadata always, and each other field only when the rule names it", () => {
    expect(leasableProductFieldsFor(NO_NON_LEASABLE_RULE)).toEqual(["id", "is_giftcard", "metadata"])
    expect(leasableProductFieldsFor(RULE)).toEqual(LEASABLE_PRODUCT_FIELDS)
    expect(leasableProductFieldsFor({ ...NO_NON_LEASABLE_RULE, productTags: ["consumable"] })).toEqual([
      "id",
      "is_giftcard",
      "metadata",
      "tags.value",
    ])
  })

  it("gives whyNotLeasable every field it needs to decide under that rule", () => {
    const rules: NonLeasableRule[] = [
      { ...NO_NON_LEASABLE_RULE, productTypes: ["Service"] },
      { ...NO_NON_LEASABLE_RULE, productTags: ["consumable"] },
      { ...NO_NON_LEASABLE_RULE, collections: ["gift-ideas"] },
      { ...NO_NON_LEASABLE_RULE, categories: RULE.categories },
    ]
    const full = product({
      type: { value: "Service" },
      tags: [{ value: "consumable" }],
      collection: { handle: "gift-ideas" },
      categories: [{ id: "pcat_plans_2y", mpath: "pcat_plans.pcat_plans_2y" }],
    })
    for (const rule of rules) {
      // The product as read with only the fields chosen for the rule.
      const fields = new Set(leasableProductFieldsFor(rule).map((field) => field.split(".")[0]))
      const read = Object.fromEntries(
        Object.entries(full).filter(([key]) => fields.has(key))
      ) as unknown as LeasableProductFacts
      expect(whyNotLeasable(read, rule)).toEqual(whyNotLeasable(full, rule))
      expect(whyNotLeasable(read, rule)).not.toBeNull()
    }
  })
})
