/**
 * `@medusajs/framework/utils` re-exports all of `@medusajs/utils` (workflows, ORM helpers, …), which takes
 * seconds to load under jest. The code under test uses only MathBN from it; these tests add BigNumber and
 * decorateCartTotals. They are taken from the very files the barrel re-exports, so the carts are still
 * totalled by Medusa's own code; anything else asked of the module loads the real barrel.
 */
jest.mock("@medusajs/framework/utils", () => {
  const { dirname, join } = jest.requireActual<typeof import("path")>("path")
  const totals = join(dirname(require.resolve("@medusajs/utils")), "totals")
  const fast: Record<PropertyKey, unknown> = {
    __esModule: true,
    MathBN: jest.requireActual(join(totals, "math")).MathBN,
    BigNumber: jest.requireActual(join(totals, "big-number")).BigNumber,
    decorateCartTotals: jest.requireActual(join(totals, "cart")).decorateCartTotals,
  }
  return new Proxy(fast, {
    get: (target, key) =>
      key in target
        ? target[key]
        : jest.requireActual<Record<PropertyKey, unknown>>("@medusajs/framework/utils")[key],
  })
})

import BigNumberJS from "bignumber.js"
import { BigNumber, MathBN, decorateCartTotals } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { ApplicationInput, type Product } from "../../../lib/financing/schemas"
import { seededRandom } from "../../../sandbox/random"
import type { FinancingCart, FinancingCartAddress } from "../cart"
import {
  type ApplicationPolicy,
  type CartToApplicationResult,
  cartToApplication,
  needsCustomerDetails,
} from "../cart-to-application"
import { fromCents, toCents } from "../../money"

// ---------------------------------------------------------------------------------------------------------
// Carts built with Medusa's own totals code (decorateCartTotals), as query.graph hands them to the plugin.
// ---------------------------------------------------------------------------------------------------------

interface TaxLineInput {
  rate: number
  code?: string
}

interface AdjustmentInput {
  amount: BigNumberInput
  code?: string
  is_tax_inclusive?: boolean
}

interface ItemInput {
  id?: string
  title?: string
  product_title?: string | null
  variant_title?: string | null
  variant_sku?: string | null
  unit_price: BigNumberInput
  quantity: number
  is_tax_inclusive?: boolean
  tax_lines?: TaxLineInput[]
  adjustments?: AdjustmentInput[]
}

interface ShippingInput {
  id?: string
  name?: string
  amount: BigNumberInput
  is_tax_inclusive?: boolean
  tax_lines?: TaxLineInput[]
  adjustments?: AdjustmentInput[]
}

interface CartInput {
  currency_code?: string
  email?: string | null
  items?: ItemInput[]
  shipping_methods?: ShippingInput[]
  credit_lines?: { amount: BigNumberInput }[]
  billing_address?: FinancingCartAddress | null
  shipping_address?: FinancingCartAddress | null
  customer?: FinancingCart["customer"]
}

const TEXAS: FinancingCartAddress = {
  first_name: "Ann",
  last_name: "Lee",
  address_1: "500 Congress Ave",
  address_2: "Apt 4B",
  city: "Austin",
  province: "tx",
  postal_code: "78701-1234",
  country_code: "us",
  phone: "+1 (512) 555-0100",
}

const TEXAS_APPLICATION_ADDRESS = {
  street: "500 Congress Ave",
  suiteApartment: "4B",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
}

const POLICY: ApplicationPolicy = { storeCode: "STORE-001" }

const TX = (rate = 8.25): TaxLineInput[] => [{ rate, code: "TX" }]

const SOFA: ItemInput = {
  product_title: "Sofa",
  variant_title: "Grey",
  variant_sku: "SOFA-GREY",
  unit_price: 899.99,
  quantity: 1,
  tax_lines: TX(),
}

/** A cart as Medusa totals it: every item, shipping method and adjustment gets its computed totals. */
function medusaCart(input: CartInput = {}): FinancingCart {
  // decorateCartTotals mutates what it is given; every cart gets its own copy.
  const copy = structuredClone(input)
  const cartLike = {
    id: "cart_01",
    currency_code: "usd",
    email: "ann@example.com",
    billing_address: { ...TEXAS },
    shipping_address: null,
    customer: null,
    ...copy,
    items: (copy.items ?? []).map((item, index) => ({
      id: `item_${index + 1}`,
      title: `Item ${index + 1}`,
      ...item,
      tax_lines: item.tax_lines ?? [],
      adjustments: item.adjustments ?? [],
    })),
    shipping_methods: (copy.shipping_methods ?? []).map((method, index) => ({
      id: `ship_${index + 1}`,
      name: `Shipping ${index + 1}`,
      ...method,
      tax_lines: method.tax_lines ?? [],
      adjustments: method.adjustments ?? [],
    })),
    credit_lines: copy.credit_lines ?? [],
  }
  return decorateCartTotals(cartLike) as unknown as FinancingCart
}

/** round-half-up(amount × 100), computed apart from the code under test. */
function referenceCents(amount: BigNumberInput | null | undefined): number {
  if (amount === null || amount === undefined) return 0
  const exact = new BigNumberJS(MathBN.convert(amount).toFixed())
  return exact.times(100).integerValue(BigNumberJS.ROUND_HALF_UP).toNumber()
}

function application(result: CartToApplicationResult): ApplicationInput {
  if (!result.ok) throw new Error(`expected an application, got problems ${JSON.stringify(result.problems)}`)
  return result.application
}

function problemsOf(result: CartToApplicationResult) {
  if (result.ok) throw new Error(`expected problems, got an application totalling ${result.totalCents} cents`)
  return result.problems
}

const centsOf = (line: Product) => Math.round(line.value * 100)
const sumCents = (lines: readonly Product[]) => lines.reduce((sum, line) => sum + centsOf(line), 0)

/** Whole cents, and the very double that `cents / 100` gives, so nothing finer than a cent is sent. */
function expectWholeCents(line: Product): void {
  expect({ line: line.description, value: line.value }).toEqual({
    line: line.description,
    value: Math.round(line.value * 100) / 100,
  })
}

/** The contract's invariant: the lines sum exactly, in cents, to the cart total rounded half up. */
function expectExactSum(cart: FinancingCart, result: CartToApplicationResult): ApplicationInput {
  const app = application(result)
  const expected = referenceCents(cart.total)
  app.products.forEach(expectWholeCents)
  expect(sumCents(app.products)).toBe(expected)
  expect(result.ok && result.totalCents).toBe(expected)
  return app
}

const line = (description: string, value: number, quantity = 1): Product => ({ description, quantity, value })

// ---------------------------------------------------------------------------------------------------------

describe("toCents / fromCents", () => {
  it.each([
    ["0.005", 1],
    ["-0.005", -1],
    ["13.3349", 1333],
    ["13.335", 1334],
    ["-13.335", -1334],
    ["0.0049999", 0],
    ["2.675", 268],
    ["1081.406675", 108141],
    ["43.289175", 4329],
    ["0", 0],
    ["100", 10000],
  ])("rounds the string %s half up to %d cents", (amount, cents) => {
    expect(toCents(amount)).toBe(cents)
  })

  it("rounds Medusa BigNumbers, raw values and bignumber.js values the same way", () => {
    expect(toCents(new BigNumber("0.005"))).toBe(1)
    expect(toCents(new BigNumber("-0.005"))).toBe(-1)
    expect(toCents(new BigNumber("13.3349"))).toBe(1333)
    expect(toCents({ value: "13.335", precision: 20 })).toBe(1334)
    expect(toCents(new BigNumberJS("3.299175"))).toBe(330)
    expect(toCents(MathBN.convert("8.9955"))).toBe(900)
  })

  it("reads numbers by their decimal spelling, not their binary approximation", () => {
    // 1.005 and 2.675 are slightly below .xx5 in binary; a person reads (and Medusa stores) 1.005.
    expect(toCents(1.005)).toBe(101)
    expect(toCents(2.675)).toBe(268)
    expect(toCents(0.1 + 0.2)).toBe(30)
  })

  it("never returns -0", () => {
    expect(Object.is(toCents("-0.004"), 0)).toBe(true)
    expect(Object.is(toCents(-0), 0)).toBe(true)
  })

  it("takes a missing amount as zero", () => {
    expect(toCents(null)).toBe(0)
    expect(toCents(undefined)).toBe(0)
  })

  it("fromCents gives dollars", () => {
    expect(fromCents(1333)).toBe(13.33)
    expect(fromCents(-1)).toBe(-0.01)
    expect(fromCents(108141)).toBe(1081.41)
  })
})

describe("cartToApplication: lines sum exactly to the cart total (carts totalled by Medusa)", () => {
  it("tax-exclusive prices: products are pre-tax, tax is one line", () => {
    const cart = medusaCart({
      items: [SOFA, { product_title: "Lamp", unit_price: 49.5, quantity: 2, tax_lines: TX() }],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    // 998.99 × 8.25% = 82.416675 → 82.42; total 1081.406675 → 1081.41.
    expect(app.products).toEqual([
      { id: "SOFA-GREY", ...line("Sofa (Grey)", 899.99) },
      line("Lamp", 99, 2),
      line("Sales tax", 82.42),
    ])
    expect(referenceCents(cart.total)).toBe(108141)
  })

  it("fractional-cent tax: 8.25% on 13.33 × 3", () => {
    const cart = medusaCart({
      items: [{ product_title: "Mug", unit_price: 13.33, quantity: 3, tax_lines: TX() }],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    // 39.99 × 0.0825 = 3.299175 → 3.30; total 43.289175 → 43.29.
    expect(app.products).toEqual([line("Mug", 39.99, 3), line("Sales tax", 3.3)])
    expect(sumCents(app.products)).toBe(4329)
  })

  it("tax-inclusive prices: the product value is the price without its tax", () => {
    const cart = medusaCart({
      items: [
        { product_title: "Chair", unit_price: 108.25, quantity: 1, is_tax_inclusive: true, tax_lines: TX() },
        { product_title: "Cushion", unit_price: 19.99, quantity: 3, is_tax_inclusive: true, tax_lines: TX() },
      ],
      shipping_methods: [{ name: "Ground", amount: 10, is_tax_inclusive: true, tax_lines: TX() }],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    // Chair 108.25 / 1.0825 = 100; cushions 59.97 / 1.0825 = 55.3995… → 55.40; ground 10 / 1.0825 = 9.2378… → 9.24.
    expect(app.products.slice(0, 3)).toEqual([
      line("Chair", 100),
      line("Cushion", 55.4, 3),
      line("Shipping: Ground", 9.24),
    ])
    expect(app.products[3].description).toBe("Sales tax")
    // What the shopper sees on the price tags: 108.25 + 59.97 + 10.00.
    expect(sumCents(app.products)).toBe(17822)
  })

  it("mixed tax-inclusive and tax-exclusive lines with taxed shipping", () => {
    const cart = medusaCart({
      items: [
        { ...SOFA, tax_lines: [{ rate: 6.25 }, { rate: 2 }] },
        { product_title: "Rug", unit_price: 149.95, quantity: 2, is_tax_inclusive: true, tax_lines: TX() },
        { product_title: "Gift card", unit_price: 50, quantity: 1 },
      ],
      shipping_methods: [{ name: "White glove", amount: 79.99, tax_lines: TX() }],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products.map((product) => product.description)).toEqual([
      "Sofa (Grey)",
      "Rug",
      "Gift card",
      "Shipping: White glove",
      "Sales tax",
    ])
    // The sofa's price excludes its tax (6.25% + 2%); the rug's value is its price less the tax in it:
    // 299.90 / 1.0825 = 277.0438….
    expect(app.products.slice(0, 4).map((product) => product.value)).toEqual([899.99, 277.04, 50, 79.99])
    // Tax 74.249175 + 22.856120… + 6.599175 = 103.704470… → 103.70, but the total 1410.72835 rounds to
    // 1410.73: the tax line carries the cent that rounding the rug lost.
    expect(app.products[4].value).toBe(103.71)
  })

  it("no tax: no sales tax line, and the lines are the prices", () => {
    const cart = medusaCart({
      items: [
        { product_title: "Desk", unit_price: 329.99, quantity: 1 },
        { product_title: "Pen", unit_price: 1.99, quantity: 5, tax_lines: [{ rate: 0 }] },
      ],
      shipping_methods: [{ name: "Ground", amount: 12.5 }],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products).toEqual([line("Desk", 329.99), line("Pen", 9.95, 5), line("Shipping: Ground", 12.5)])
  })

  it("several quantities on every line", () => {
    const cart = medusaCart({
      items: [
        { product_title: "Plate", unit_price: 7.77, quantity: 4, tax_lines: TX(8.875) },
        { product_title: "Bowl", unit_price: 5.55, quantity: 5, tax_lines: TX(8.875) },
        { product_title: "Glass", unit_price: 3.33, quantity: 3, tax_lines: TX(8.875) },
      ],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products.slice(0, 3)).toEqual([
      line("Plate", 31.08, 4),
      line("Bowl", 27.75, 5),
      line("Glass", 9.99, 3),
    ])
  })

  it("percentage promotion: adjustment amounts with many decimals make one negative line", () => {
    const pct = (unit: number, quantity: number) => MathBN.mult(MathBN.mult(unit, quantity), 0.125).toFixed()
    const cart = medusaCart({
      items: [
        { product_title: "Frame", unit_price: 33.33, quantity: 1, tax_lines: TX(), adjustments: [] },
        { product_title: "Print", unit_price: 19.99, quantity: 1, tax_lines: TX(), adjustments: [] },
        { product_title: "Hook", unit_price: 7.77, quantity: 1, tax_lines: TX(), adjustments: [] },
      ].map((item) => ({
        ...item,
        adjustments: [{ amount: pct(item.unit_price, item.quantity), code: "SPRING125" }],
      })),
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    // 12.5% of 61.09 = 7.63625 → 7.64 off.
    expect(app.products.filter((product) => product.value < 0)).toEqual([line("Discount SPRING125", -7.64)])
    expect(app.products.map((product) => product.description)).toEqual([
      "Frame",
      "Print",
      "Hook",
      "Discount SPRING125",
      "Sales tax",
    ])
  })

  it("the cent lost by rounding each line is settled on the tax line", () => {
    // 10.00 − 0.125 − 0.125 = 9.75, taxed 10% = 0.975: total 10.725 → 10.73. Rounded one by one the
    // lines make 10.00 − 0.13 − 0.13 + 0.98 = 10.72; the tax line takes the missing cent.
    const cart = medusaCart({
      items: [
        {
          product_title: "Kettle",
          unit_price: 10,
          quantity: 1,
          tax_lines: [{ rate: 10 }],
          adjustments: [
            { amount: "0.125", code: "A" },
            { amount: "0.125", code: "B" },
          ],
        },
      ],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products).toEqual([
      line("Kettle", 10),
      line("Discount A", -0.13),
      line("Discount B", -0.13),
      line("Sales tax", 0.99),
    ])
  })

  it("fixed promotion allocated across items makes one line of the whole amount", () => {
    // Medusa splits a fixed "across" promotion in proportion to each line: 10 × 19.99 / 79.97, …
    const lines = [
      { product_title: "Tee", unit_price: 19.99, quantity: 1 },
      { product_title: "Hoodie", unit_price: 29.99, quantity: 2 },
    ]
    const gross = MathBN.convert(79.97)
    const cart = medusaCart({
      items: lines.map((item) => ({
        ...item,
        tax_lines: TX(),
        adjustments: [
          {
            amount: MathBN.div(MathBN.mult(10, MathBN.mult(item.unit_price, item.quantity)), gross).toFixed(),
            code: "TENOFF",
          },
        ],
      })),
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products).toEqual([
      line("Tee", 19.99),
      line("Hoodie", 59.98, 2),
      line("Discount TENOFF", -10),
      line("Sales tax", 5.77),
    ])
  })

  it("keeps one line per promotion code when a fixed amount is spread over several units", () => {
    // Medusa's item discount_subtotal is (Σ adjustment subtotals / quantity) × quantity, divided at 20
    // places: 14 / 3 × 3 is 14.00000000000000000001, not 14. The promotions are still TENOFF and VIP.
    const cart = medusaCart({
      items: [
        {
          product_title: "Mug",
          unit_price: 13.33,
          quantity: 3,
          tax_lines: TX(),
          adjustments: [
            { amount: 10, code: "TENOFF" },
            { amount: 4, code: "VIP" },
          ],
        },
      ],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products).toEqual([
      line("Mug", 39.99, 3),
      line("Discount TENOFF", -10),
      line("Discount VIP", -4),
      // (39.99 − 14) × 8.25% = 2.144175
      line("Sales tax", 2.14),
    ])
  })

  it("keeps one line per promotion code for tax-inclusive promotions", () => {
    // A tax-inclusive adjustment's subtotal is amount / (1 + rate): a repeating decimal at 20 places.
    const cart = medusaCart({
      items: [
        {
          product_title: "Lamp",
          unit_price: 49.99,
          quantity: 2,
          is_tax_inclusive: true,
          tax_lines: TX(),
          adjustments: [
            { amount: 5, code: "FIVE", is_tax_inclusive: true },
            { amount: 3, code: "THREE", is_tax_inclusive: true },
          ],
        },
      ],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products.map((product) => product.description)).toEqual([
      "Lamp",
      "Discount FIVE",
      "Discount THREE",
      "Sales tax",
    ])
    // 5 / 1.0825 = 4.6189… and 3 / 1.0825 = 2.7713…: the pre-tax parts, since tax is its own line.
    expect(app.products[1].value).toBe(-4.62)
    expect(app.products[2].value).toBe(-2.77)
  })

  it("two promotion codes make two lines; one code over two items makes one", () => {
    const cart = medusaCart({
      items: [
        {
          ...SOFA,
          adjustments: [
            { amount: 100, code: "SOFA100" },
            { amount: 45, code: "WELCOME5" },
          ],
        },
        {
          product_title: "Lamp",
          unit_price: 49.5,
          quantity: 1,
          tax_lines: TX(),
          adjustments: [{ amount: "2.475", code: "WELCOME5" }],
        },
      ],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products.filter((product) => product.value < 0)).toEqual([
      line("Discount SOFA100", -100),
      line("Discount WELCOME5", -47.48),
    ])
  })

  it("makes the same lines, as a set, whatever order the cart was read in", () => {
    const cart = medusaCart({
      items: [
        {
          ...SOFA,
          adjustments: [
            { amount: 45, code: "WELCOME5" },
            { amount: 100, code: "SOFA100" },
          ],
        },
        { product_title: "Lamp", unit_price: 49.5, quantity: 1, tax_lines: TX() },
      ],
      shipping_methods: [
        { name: "Ground", amount: 10, tax_lines: [] },
        { name: "Assembly", amount: 20, tax_lines: [] },
      ],
    })
    const readOtherwise: FinancingCart = {
      ...cart,
      items: [...cart.items!]
        .reverse()
        .map((item) => ({ ...item, adjustments: [...item.adjustments!].reverse() })),
      shipping_methods: [...cart.shipping_methods!].reverse(),
    }
    const asSet = (result: CartToApplicationResult) =>
      application(result)
        .products.map((line) => JSON.stringify(line))
        .sort()
    expect(asSet(cartToApplication(readOtherwise, POLICY))).toEqual(asSet(cartToApplication(cart, POLICY)))
  })

  it("settles the cent on the same one of two equal largest lines, whatever order they were read in", () => {
    // No tax: the cent goes to the largest line; two lines of 0.335 × 3 round the same way.
    const cart = medusaCart({
      items: [
        { product_title: "Knob", unit_price: 0.335, quantity: 3 },
        { product_title: "Hook", unit_price: 0.335, quantity: 3 },
      ],
    })
    const reversed: FinancingCart = { ...cart, items: [...cart.items!].reverse() }
    const hookOf = (result: CartToApplicationResult) =>
      application(result).products.find((line) => line.description === "Hook")
    expect(hookOf(cartToApplication(reversed, POLICY))).toEqual(hookOf(cartToApplication(cart, POLICY)))
  })

  it("a promotion without a code is labelled Discount", () => {
    const cart = medusaCart({
      items: [{ ...SOFA, adjustments: [{ amount: 50 }] }],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products).toContainEqual(line("Discount", -50))
  })

  it("free shipping: the shipping line and its promotion cancel out, and shipping pays no tax", () => {
    const cart = medusaCart({
      items: [SOFA],
      shipping_methods: [
        {
          name: "Express",
          amount: 24.99,
          tax_lines: TX(),
          adjustments: [{ amount: 24.99, code: "FREESHIP" }],
        },
      ],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products).toEqual([
      { id: "SOFA-GREY", ...line("Sofa (Grey)", 899.99) },
      line("Shipping: Express", 24.99),
      line("Discount FREESHIP", -24.99),
      // 899.99 × 8.25% = 74.249175
      line("Sales tax", 74.25),
    ])
  })

  it("store credit is a negative line after the tax", () => {
    const cart = medusaCart({
      items: [SOFA],
      shipping_methods: [{ name: "Ground", amount: 19.99 }],
      credit_lines: [{ amount: 25 }, { amount: "10.505" }],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products.slice(-2)).toEqual([line("Sales tax", 74.25), line("Store credit", -35.51)])
    // 899.99 + 19.99 + 74.249175 − 35.505 = 958.724175
    expect(sumCents(app.products)).toBe(95872)
  })

  it("with neither tax nor an exact sum, the cent is settled on the largest line", () => {
    const cart = medusaCart({
      items: [
        {
          product_title: "Stool",
          unit_price: 10,
          quantity: 1,
          adjustments: [
            { amount: "0.125", code: "A" },
            { amount: "0.125", code: "B" },
          ],
        },
      ],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(sumCents(app.products)).toBe(975)
    expect(app.products.some((product) => product.description === "Sales tax")).toBe(false)
  })

  it("validates against the contract's ApplicationInput and is what it parses to", () => {
    const cart = medusaCart({
      items: [SOFA, { product_title: "Lamp", unit_price: 49.5, quantity: 2, tax_lines: TX() }],
      shipping_methods: [{ name: "Ground", amount: 19.99, tax_lines: TX() }],
      credit_lines: [{ amount: 5 }],
    })
    const app = expectExactSum(
      cart,
      cartToApplication(cart, {
        ...POLICY,
        redirectUrl: "https://shop.example.com/checkout/done",
        cancelUrl: "https://shop.example.com/checkout",
      })
    )
    const parsed = ApplicationInput.safeParse(app)
    expect(parsed.success ? [] : parsed.error.issues).toEqual([])
    expect(parsed.data).toEqual(app)
    expect(app).toEqual({
      storeCode: "STORE-001",
      firstName: "Ann",
      lastName: "Lee",
      mobilePhone: "512-555-0100",
      email: "ann@example.com",
      address: TEXAS_APPLICATION_ADDRESS,
      products: expect.any(Array),
      redirectUrl: "https://shop.example.com/checkout/done",
      cancelUrl: "https://shop.example.com/checkout",
    })
  })
})

describe("cartToApplication: product lines", () => {
  it("one line per item: 'Product (Variant)', the quantity, the SKU as id, the pre-tax extended value", () => {
    const cart = medusaCart({
      items: [
        SOFA,
        {
          title: "Oak Table — Large",
          product_title: "Oak Table",
          variant_title: "Large",
          unit_price: 1200,
          quantity: 2,
        },
        { product_title: "Vase", variant_title: "Default variant", unit_price: 25, quantity: 1 },
        { product_title: "Bench", variant_title: "Bench", unit_price: 80, quantity: 1 },
        { title: "Custom engraving", product_title: null, variant_title: null, unit_price: 15, quantity: 1 },
      ],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products.slice(0, 5)).toEqual([
      { id: "SOFA-GREY", description: "Sofa (Grey)", quantity: 1, value: 899.99 },
      { description: "Oak Table (Large)", quantity: 2, value: 2400 },
      { description: "Vase", quantity: 1, value: 25 },
      { description: "Bench", quantity: 1, value: 80 },
      { description: "Custom engraving", quantity: 1, value: 15 },
    ])
  })

  it("one line per shipping method, named after it", () => {
    const cart = medusaCart({
      items: [SOFA],
      shipping_methods: [
        { name: "Freight", amount: 149 },
        { name: "Assembly", amount: 59.5 },
      ],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products.filter((product) => product.description.startsWith("Shipping"))).toEqual([
      line("Shipping: Freight", 149),
      line("Shipping: Assembly", 59.5),
    ])
  })

  it("descriptions and ids are cut to the contract's 256 characters", () => {
    const cart = medusaCart({
      items: [{ product_title: "P".repeat(300), variant_sku: "S".repeat(300), unit_price: 10, quantity: 1 }],
    })
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products[0].description).toHaveLength(256)
    expect(app.products[0].description.endsWith("…")).toBe(true)
    expect(app.products[0].id).toHaveLength(256)
  })

  it("reads totals given as plain numbers and strings as well as BigNumbers", () => {
    const cart: FinancingCart = {
      id: "cart_plain",
      currency_code: "USD",
      email: "ann@example.com",
      total: "43.289175",
      tax_total: 3.299175,
      credit_line_total: 0,
      items: [{ id: "i1", title: "Mug", quantity: "3", subtotal: "39.99", discount_subtotal: 0 }],
      billing_address: TEXAS,
    }
    const app = expectExactSum(cart, cartToApplication(cart, POLICY))
    expect(app.products).toEqual([line("Mug", 39.99, 3), line("Sales tax", 3.3)])
  })
})

describe("cartToApplication: property: seeded random carts sum exactly", () => {
  // Seeded: the same carts on every run.
  const random = seededRandom

  const RATES = [0, 2.9, 4, 6, 6.25, 7, 7.25, 8.25, 8.875, 9.5, 10.25]
  const CODES = ["SAVE10", "WELCOME", "BUNDLE", "VIP"]

  function randomCart(seed: number): CartInput {
    const next = random(seed)
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
    const pick = <T>(values: readonly T[]): T => values[int(0, values.length - 1)]
    const money = (maxCents: number) => int(1, maxCents) / 100
    const rate = () => (next() < 0.5 ? pick(RATES) : int(0, 1025) / 100)
    const taxLines = (): TaxLineInput[] => {
      const roll = next()
      if (roll < 0.15) return []
      if (roll < 0.3) return [{ rate: rate() / 2 }, { rate: rate() / 2 }]
      return [{ rate: rate(), code: "TAX" }]
    }
    let gross = 0
    const items: ItemInput[] = Array.from({ length: int(1, 4) }, (_, index) => {
      const unit = money(next() < 0.3 ? 2000 : 250000)
      const quantity = int(1, 5)
      const lineGross = MathBN.mult(unit, quantity)
      gross += lineGross.toNumber()
      const adjustments: AdjustmentInput[] = Array.from({ length: int(0, 2) }, () => {
        const share = next() * 0.3
        const amount =
          next() < 0.5
            ? MathBN.mult(lineGross, int(1, 30) / 100).toFixed() // percentage
            : next() < 0.5
              ? MathBN.mult(lineGross, share).toFixed() // allocated share of a fixed amount
              : Math.min(int(1, 2000) / 100, lineGross.toNumber() * 0.3).toFixed(2) // fixed
        return { amount, code: pick(CODES), is_tax_inclusive: next() < 0.3 }
      })
      return {
        product_title: `Product ${index + 1}`,
        variant_title: next() < 0.5 ? `Variant ${index + 1}` : null,
        unit_price: unit,
        quantity,
        is_tax_inclusive: next() < 0.4,
        tax_lines: taxLines(),
        adjustments,
      }
    })
    const shipping_methods: ShippingInput[] = Array.from({ length: int(0, 2) }, (_, index) => {
      const amount = int(0, 4999) / 100
      return {
        name: `Method ${index + 1}`,
        amount,
        is_tax_inclusive: next() < 0.3,
        tax_lines: taxLines(),
        adjustments: next() < 0.25 && amount > 0 ? [{ amount, code: "FREESHIP" }] : [],
      }
    })
    // Discounts take at most 60% of the items (and tax-inclusive ones at most 10.25% less), so 10% of the
    // gross in credit always leaves a positive total.
    const credit_lines = next() < 0.3 ? [{ amount: (Math.floor(next() * gross * 10) / 100).toFixed(2) }] : []
    return { items, shipping_methods, credit_lines }
  }

  interface Sample {
    seed: number
    cart: FinancingCart
    result?: CartToApplicationResult
    thrown?: string
  }

  /** 500 carts, totalled by Medusa and turned into applications once, for the checks below. */
  const SAMPLES: Sample[] = []
  beforeAll(() => {
    for (let index = 0; index < 500; index++) {
      const seed = 20_250 + index * 7919
      const cart = medusaCart(randomCart(seed))
      try {
        SAMPLES.push({ seed, cart, result: cartToApplication(cart, POLICY) })
      } catch (error) {
        SAMPLES.push({ seed, cart, thrown: String(error) })
      }
    }
  })

  /** How many carts failed, and the first few in full: enough to debug, short enough to read. */
  function expectNoFailures(failures: unknown[]): void {
    expect({ failed: failures.length, first: failures.slice(0, 3) }).toEqual({ failed: 0, first: [] })
  }

  it("500 carts: every line in whole cents, the lines summing to round-half-up(total), valid for the contract", () => {
    const failures: unknown[] = []
    let discounted = 0
    for (const { seed, cart, result, thrown } of SAMPLES) {
      if (!result || !result.ok) {
        failures.push({ seed, thrown, problems: result && !result.ok ? result.problems : undefined })
        continue
      }
      const expected = referenceCents(cart.total)
      const products = result.application.products
      const notCents = products.filter((product) => product.value !== Math.round(product.value * 100) / 100)
      const sum = sumCents(products)
      const parsed = ApplicationInput.safeParse(result.application)
      const items = cart.items ?? []
      const methods = cart.shipping_methods ?? []
      const shapeOk =
        products.length >= items.length + methods.length &&
        items.every((item, index) => products[index].quantity === MathBN.convert(item.quantity).toNumber()) &&
        methods.every(
          (_, index) => products[items.length + index].description === `Shipping: Method ${index + 1}`
        )
      if (products.some((product) => product.value < 0)) discounted++
      if (
        notCents.length ||
        sum !== expected ||
        result.totalCents !== expected ||
        !parsed.success ||
        !shapeOk
      ) {
        failures.push({ seed, expected, sum, totalCents: result.totalCents, notCents, shapeOk, products })
      }
    }
    expectNoFailures(failures)
    // The generator does reach the interesting cases.
    expect(discounted).toBeGreaterThan(250)
  })

  it("500 carts: item and shipping lines are Medusa's pre-tax subtotals; tax, discounts and credit are Medusa's", () => {
    const failures: unknown[] = []
    for (const { seed, cart, result } of SAMPLES) {
      if (!result?.ok) continue // reported by the test above
      const products = result.application.products
      const items = cart.items ?? []
      const methods = cart.shipping_methods ?? []
      const expectedLeading = [
        ...items.map((item) => fromCents(referenceCents(item.subtotal))),
        ...methods.map((method) => fromCents(referenceCents(method.subtotal))),
      ]
      const leading = products.slice(0, expectedLeading.length).map((product) => product.value)
      const tax = products.find((product) => product.description === "Sales tax")
      const taxCents = referenceCents(cart.tax_total)
      // Rounding n lines loses at most n/2 cents, all settled on the tax line.
      const slack = Math.ceil(products.length / 2)
      const taxOk =
        taxCents === 0 ? tax === undefined : tax !== undefined && Math.abs(centsOf(tax) - taxCents) <= slack
      const credit = products.find((product) => product.description === "Store credit")
      const creditOk =
        referenceCents(cart.credit_line_total) === 0
          ? credit === undefined
          : credit?.value === -fromCents(referenceCents(cart.credit_line_total))
      const discounts = products.filter((product) => product.description.startsWith("Discount"))
      const discountSubtotal = (cart as FinancingCart & { discount_subtotal: BigNumberInput })
        .discount_subtotal
      const discountOk = Math.abs(-sumCents(discounts) - referenceCents(discountSubtotal)) <= discounts.length
      // With a tax line to settle on, the merchandise and shipping lines are never touched.
      const leadingOk = taxCents === 0 || JSON.stringify(leading) === JSON.stringify(expectedLeading)
      if (!taxOk || !creditOk || !discountOk || !leadingOk) {
        failures.push({ seed, taxOk, creditOk, discountOk, leadingOk, products })
      }
    }
    expectNoFailures(failures)
  })

  it("500 carts: one discount line per promotion code, in the codes used", () => {
    const failures: unknown[] = []
    for (const { seed, cart, result } of SAMPLES) {
      if (!result?.ok) continue // reported by the first test
      const perCode = new Map<string, ReturnType<typeof MathBN.convert>>()
      for (const owner of [...(cart.items ?? []), ...(cart.shipping_methods ?? [])]) {
        for (const adjustment of owner.adjustments ?? []) {
          const code = `Discount ${adjustment.code}`
          const amount = MathBN.convert(adjustment.subtotal ?? adjustment.amount)
          perCode.set(code, (perCode.get(code) ?? MathBN.convert(0)).plus(amount))
        }
      }
      const expected = [...perCode]
        .filter(([, amount]) => referenceCents(amount) !== 0)
        .map(([code]) => code)
        .sort()
      const actual = result.application.products
        .filter((product) => product.description.startsWith("Discount"))
        .map((product) => product.description)
        .sort()
      if (JSON.stringify(actual) !== JSON.stringify(expected)) failures.push({ seed, expected, actual })
    }
    expectNoFailures(failures)
  })
})

describe("cartToApplication: shopper details", () => {
  const sofaCart = (input: CartInput = {}) => medusaCart({ items: [SOFA], ...input })
  const withBilling = (billing: Partial<FinancingCartAddress>) =>
    sofaCart({ billing_address: { ...TEXAS, ...billing } })
  const onlyProblem = (cart: FinancingCart, policy: ApplicationPolicy = POLICY) =>
    problemsOf(cartToApplication(cart, policy))

  it("the base cart makes an application with the normalised address and phone", () => {
    const app = application(cartToApplication(sofaCart(), POLICY))
    expect(app.address).toEqual(TEXAS_APPLICATION_ADDRESS)
    expect(app.mobilePhone).toBe("512-555-0100")
    expect(app.firstName).toBe("Ann")
    expect(app.lastName).toBe("Lee")
  })

  it("refuses a billing address outside the US", () => {
    expect(onlyProblem(withBilling({ country_code: "ca" }))).toEqual([
      {
        code: "address_not_us",
        field: "billing_address.country_code",
        message: "Enter a billing address in the United States to pay over time.",
      },
    ])
    expect(onlyProblem(withBilling({ country_code: null }))).toEqual([
      {
        code: "address_not_us",
        field: "billing_address.country_code",
        message: "Enter a billing address in the United States to pay over time.",
      },
    ])
  })

  it("accepts the country code in upper case", () => {
    expect(cartToApplication(withBilling({ country_code: "US" }), POLICY).ok).toBe(true)
  })

  it("asks for a phone when there is none", () => {
    expect(onlyProblem(withBilling({ phone: null }))).toEqual([
      {
        code: "phone_missing",
        field: "billing_address.phone",
        message: "Enter a US mobile phone number, such as 512-555-0100.",
      },
    ])
  })

  it.each(["+44 20 7946 0958", "+44 7911 123456", "123-555-0100", "512-555-010"])(
    "refuses the phone %s",
    (phone) => {
      expect(onlyProblem(withBilling({ phone }))).toEqual([
        {
          code: "phone_not_us_mobile",
          field: "billing_address.phone",
          message: "Enter a US mobile phone number, such as 512-555-0100.",
        },
      ])
    }
  )

  it.each(["+1 (512) 555-0100", "1-512-555-0100", "512.555.0100", "(512) 555 0100", "5125550100"])(
    "normalises the phone %s to 512-555-0100",
    (phone) => {
      expect(application(cartToApplication(withBilling({ phone }), POLICY)).mobilePhone).toBe("512-555-0100")
    }
  )

  it("takes the phone from the shipping address, then the customer", () => {
    const fromShipping = sofaCart({
      billing_address: { ...TEXAS, phone: "" },
      shipping_address: { ...TEXAS, phone: "214.555.0199" },
    })
    expect(application(cartToApplication(fromShipping, POLICY)).mobilePhone).toBe("214-555-0199")
    const fromCustomer = sofaCart({
      billing_address: { ...TEXAS, phone: null },
      customer: { phone: "7135550142" },
    })
    expect(application(cartToApplication(fromCustomer, POLICY)).mobilePhone).toBe("713-555-0142")
  })

  it.each(["PO Box 123", "P.O. Box 77", "Post Office Box 9", "Box 12"])(
    "refuses the PO box %s",
    (address_1) => {
      expect(onlyProblem(withBilling({ address_1 }))).toEqual([
        {
          code: "po_box",
          field: "billing_address.address_1",
          message: "Enter a street address: a PO box cannot be used to pay over time.",
        },
      ])
    }
  )

  it("refuses a street longer than 40 characters and accepts 40", () => {
    const street40 = "1234 North Lamar Boulevard Building 7 AB"
    expect(street40).toHaveLength(40)
    expect(application(cartToApplication(withBilling({ address_1: street40 }), POLICY)).address?.street).toBe(
      street40
    )
    expect(onlyProblem(withBilling({ address_1: `${street40}C` }))).toEqual([
      {
        code: "street_too_long",
        field: "billing_address.address_1",
        message:
          "Shorten the street address to 40 characters or fewer; an apartment or suite goes on the second line.",
        params: { max: 40 },
      },
    ])
  })

  it("shortens the suite to its number and refuses one too long", () => {
    const app = application(cartToApplication(withBilling({ address_2: "Suite 200" }), POLICY))
    expect(app.address?.suiteApartment).toBe("200")
    const none = application(cartToApplication(withBilling({ address_2: null }), POLICY))
    expect(none.address).toEqual({ ...TEXAS_APPLICATION_ADDRESS, suiteApartment: undefined })
    expect(none.address && "suiteApartment" in none.address).toBe(false)
    expect(onlyProblem(withBilling({ address_2: "Building 12, Floor 3" }))).toEqual([
      {
        code: "suite_too_long",
        field: "billing_address.address_2",
        message: "Shorten the apartment or suite number to 5 characters or fewer.",
        params: { max: 5 },
      },
    ])
  })

  it("refuses a city longer than 25 characters", () => {
    expect(onlyProblem(withBilling({ city: "Llanfairpwllgwyngyllgogery" }))).toEqual([
      {
        code: "city_too_long",
        field: "billing_address.city",
        message: "Shorten the city to 25 characters or fewer.",
        params: { max: 25 },
      },
    ])
    expect(onlyProblem(withBilling({ city: " " }))).toEqual([
      { code: "city_missing", field: "billing_address.city", message: "Enter the city." },
    ])
  })

  it.each([
    ["tx", "TX"],
    ["US-TX", "TX"],
    ["us-tx", "TX"],
    [" Tx ", "TX"],
    ["DC", "DC"],
    ["Texas", "TX"],
    ["texas", "TX"],
  ])("reads the province %s as %s", (province, state) => {
    expect(application(cartToApplication(withBilling({ province }), POLICY)).address?.state).toBe(state)
  })

  it.each(["Tejas", "PR", "", null])("refuses the province %p", (province) => {
    expect(onlyProblem(withBilling({ province }))).toEqual([
      { code: "state_invalid", field: "billing_address.province", message: "Enter a US state, such as TX." },
    ])
  })

  it("sends the 5-digit ZIP of a ZIP+4 and refuses a 4-digit ZIP", () => {
    expect(
      application(cartToApplication(withBilling({ postal_code: "78701-1234" }), POLICY)).address?.zipCode
    ).toBe("78701")
    expect(onlyProblem(withBilling({ postal_code: "7870" }))).toEqual([
      {
        code: "zip_invalid",
        field: "billing_address.postal_code",
        message: "Enter a 5-digit US ZIP code, such as 78701.",
      },
    ])
  })

  it("asks for the names when there are none anywhere", () => {
    const cart = withBilling({ first_name: null, last_name: "  " })
    expect(onlyProblem(cart)).toEqual([
      { code: "first_name_missing", field: "billing_address.first_name", message: "Enter your first name." },
      { code: "last_name_missing", field: "billing_address.last_name", message: "Enter your last name." },
    ])
  })

  it("refuses names longer than 100 characters, and accepts 100", () => {
    expect(
      application(cartToApplication(withBilling({ first_name: "A".repeat(100) }), POLICY)).firstName
    ).toHaveLength(100)
    expect(onlyProblem(withBilling({ first_name: "A".repeat(101), last_name: "L".repeat(101) }))).toEqual([
      {
        code: "first_name_too_long",
        field: "billing_address.first_name",
        message: "Shorten your first name to 100 characters or fewer.",
        params: { max: 100 },
      },
      {
        code: "last_name_too_long",
        field: "billing_address.last_name",
        message: "Shorten your last name to 100 characters or fewer.",
        params: { max: 100 },
      },
    ])
  })

  it("names fall back to the shipping address, then to the customer", () => {
    const fromCustomer = sofaCart({
      billing_address: { ...TEXAS, first_name: null, last_name: "" },
      customer: { first_name: "Maria", last_name: "Garcia" },
    })
    const app = application(cartToApplication(fromCustomer, POLICY))
    expect([app.firstName, app.lastName]).toEqual(["Maria", "Garcia"])

    const fromShipping = sofaCart({
      billing_address: { ...TEXAS, first_name: null, last_name: null },
      shipping_address: { ...TEXAS, first_name: "Jo", last_name: "Park" },
      customer: { first_name: "Maria", last_name: "Garcia" },
    })
    const shipped = application(cartToApplication(fromShipping, POLICY))
    expect([shipped.firstName, shipped.lastName]).toEqual(["Jo", "Park"])

    const billingWins = sofaCart({ customer: { first_name: "Maria", last_name: "Garcia" } })
    expect(application(cartToApplication(billingWins, POLICY)).firstName).toBe("Ann")
  })

  it("uses the shipping address when the billing address has no street, and names its fields", () => {
    const shipping = {
      ...TEXAS,
      address_1: "1 Main St",
      address_2: "#12",
      city: "Dallas",
      province: "US-TX",
      postal_code: "75201",
    }
    const cart = sofaCart({
      billing_address: { first_name: "Ann", last_name: "Lee", phone: "5125550100", country_code: "us" },
      shipping_address: shipping,
    })
    const app = application(cartToApplication(cart, POLICY))
    expect(app.address).toEqual({
      street: "1 Main St",
      suiteApartment: "12",
      city: "Dallas",
      state: "TX",
      zipCode: "75201",
    })
    const badZip = sofaCart({
      billing_address: { first_name: "Ann", last_name: "Lee", phone: "5125550100" },
      shipping_address: { ...shipping, postal_code: "752" },
    })
    expect(onlyProblem(badZip)).toEqual([
      {
        code: "zip_invalid",
        field: "shipping_address.postal_code",
        message: "Enter a 5-digit US ZIP code, such as 78701.",
      },
    ])
  })

  it("asks for a street when neither address has one", () => {
    const cart = sofaCart({ billing_address: { ...TEXAS, address_1: null } })
    expect(onlyProblem(cart)).toEqual([
      { code: "street_missing", field: "billing_address.address_1", message: "Enter a street address." },
    ])
  })

  it("refuses an email longer than 100 characters and leaves out a missing one", () => {
    const long = `${"a".repeat(89)}@example.com`
    expect(long).toHaveLength(101)
    expect(onlyProblem(sofaCart({ email: long }))).toEqual([
      {
        code: "email_too_long",
        field: "email",
        message: "Shorten the email address to 100 characters or fewer.",
        params: { max: 100 },
      },
    ])
    const noEmail = application(cartToApplication(sofaCart({ email: null }), POLICY))
    expect("email" in noEmail).toBe(false)
  })

  it("needs the customer only for a name, phone or email neither address nor the cart has", () => {
    expect(needsCustomerDetails(sofaCart())).toBe(false)
    expect(needsCustomerDetails(sofaCart({ email: " " }))).toBe(true)
    expect(needsCustomerDetails(sofaCart({ billing_address: { ...TEXAS, phone: "" } }))).toBe(true)
    expect(
      needsCustomerDetails(
        sofaCart({
          billing_address: { ...TEXAS, phone: "" },
          shipping_address: { ...TEXAS, first_name: null },
        })
      )
    ).toBe(false)
    expect(needsCustomerDetails(sofaCart({ billing_address: { ...TEXAS, last_name: " " } }))).toBe(true)
  })

  it("takes the customer's email when the cart has none", () => {
    const fromCustomer = (email: string | null) =>
      application(cartToApplication(sofaCart({ email, customer: { email: "maria@example.com" } }), POLICY))
    expect(fromCustomer(null).email).toBe("maria@example.com")
    expect(fromCustomer("").email).toBe("maria@example.com")
    // A blank cart email is no email: the customer's is still there to use.
    expect(fromCustomer("  ").email).toBe("maria@example.com")
    expect(fromCustomer(" ann@example.com ").email).toBe("ann@example.com")
  })

  it("reports a malformed email on the cart's email field, saying what to fix", () => {
    // The contract refuses it; the shopper must be told about their email, not about `application.email`.
    expect(onlyProblem(sofaCart({ email: "ann@" }))).toEqual([
      {
        code: "email_invalid",
        field: "email",
        message: "Enter a valid email address, such as name@example.com.",
      },
    ])
  })

  describe("amount limits", () => {
    // The sofa cart: 899.99 + 74.249175 tax = 974.24.
    it("refuses a total below the minimum, naming the range in dollars", () => {
      expect(onlyProblem(sofaCart(), { ...POLICY, minAmount: 1000, maxAmount: 5000 })).toEqual([
        {
          code: "total_below_minimum",
          field: "total",
          message: "Pay over time is available for orders from $1,000.00 to $5,000.00.",
          params: { min: 100_000, max: 500_000 },
        },
      ])
      expect(onlyProblem(sofaCart(), { ...POLICY, minAmount: 974.25 })).toEqual([
        {
          code: "total_below_minimum",
          field: "total",
          message: "Pay over time is available for orders of $974.25 or more.",
          params: { min: 97_425, max: undefined },
        },
      ])
    })

    it("refuses a total above the maximum", () => {
      expect(onlyProblem(sofaCart(), { ...POLICY, minAmount: 300, maxAmount: 900 })).toEqual([
        {
          code: "total_above_maximum",
          field: "total",
          message: "Pay over time is available for orders from $300.00 to $900.00.",
          params: { min: 30_000, max: 90_000 },
        },
      ])
      expect(onlyProblem(sofaCart(), { ...POLICY, maxAmount: 974.23 })).toEqual([
        {
          code: "total_above_maximum",
          field: "total",
          message: "Pay over time is available for orders of up to $974.23.",
          params: { min: undefined, max: 97_423 },
        },
      ])
    })

    it("accepts totals exactly at the limits, compared in cents", () => {
      expect(cartToApplication(sofaCart(), { ...POLICY, minAmount: 974.24 }).ok).toBe(true)
      expect(cartToApplication(sofaCart(), { ...POLICY, maxAmount: 974.24 }).ok).toBe(true)
      expect(cartToApplication(sofaCart(), { ...POLICY, minAmount: 974.24, maxAmount: 974.24 }).ok).toBe(true)
    })
  })

  it("refuses a state the store does not finance in", () => {
    expect(onlyProblem(sofaCart(), { ...POLICY, allowedStates: ["CA", "NY"] })).toEqual([
      {
        code: "state_not_financed",
        field: "billing_address.province",
        message: "Pay over time is not available for addresses in TX.",
        params: { state: "TX" },
      },
    ])
    expect(cartToApplication(sofaCart(), { ...POLICY, allowedStates: ["CA", "TX"] }).ok).toBe(true)
  })

  it.each(["eur", "CAD"])("refuses a cart in %s", (currency_code) => {
    expect(onlyProblem(sofaCart({ currency_code }))).toEqual([
      {
        code: "currency_not_usd",
        field: "currency_code",
        message: "Pay over time is available only for orders in US dollars.",
      },
    ])
  })

  it("accepts USD in upper case", () => {
    expect(cartToApplication(sofaCart({ currency_code: "USD" }), POLICY).ok).toBe(true)
  })

  const EMPTY = { code: "cart_empty", field: "items", message: "Add an item to your cart to pay over time." }

  it("refuses an empty cart, once", () => {
    const problems = onlyProblem(medusaCart({ items: [] }))
    expect(problems).toContainEqual(EMPTY)
    expect(problems.filter((problem) => problem.code === "cart_empty")).toHaveLength(1)
  })

  it("refuses a cart with shipping but no items as empty", () => {
    const problems = onlyProblem(
      medusaCart({ items: [], shipping_methods: [{ name: "Ground", amount: 9.99 }] })
    )
    expect(problems).toContainEqual(EMPTY)
  })

  it("reports several problems together, each on its own field", () => {
    const cart = sofaCart({
      currency_code: "eur",
      billing_address: {
        ...TEXAS,
        phone: "+44 20 7946 0958",
        address_1: "PO Box 5",
        province: "Tejas",
        postal_code: "7870",
      },
    })
    expect(onlyProblem(cart, { ...POLICY, minAmount: 2000 })).toEqual([
      {
        code: "currency_not_usd",
        field: "currency_code",
        message: "Pay over time is available only for orders in US dollars.",
      },
      {
        code: "total_below_minimum",
        field: "total",
        message: "Pay over time is available for orders of $2,000.00 or more.",
        params: { min: 200_000, max: undefined },
      },
      {
        code: "phone_not_us_mobile",
        field: "billing_address.phone",
        message: "Enter a US mobile phone number, such as 512-555-0100.",
      },
      {
        code: "po_box",
        field: "billing_address.address_1",
        message: "Enter a street address: a PO box cannot be used to pay over time.",
      },
      { code: "state_invalid", field: "billing_address.province", message: "Enter a US state, such as TX." },
      {
        code: "zip_invalid",
        field: "billing_address.postal_code",
        message: "Enter a 5-digit US ZIP code, such as 78701.",
      },
    ])
  })
})
