/**
 * The full `@medusajs/framework/utils` barrel takes seconds to load under jest; the code under test uses
 * only MathBN, and the fixtures decorateCartTotals. Both come from the very files the barrel re-exports, so
 * orders are still totalled by Medusa's own code.
 */
jest.mock("@medusajs/framework/utils", () => {
  const { dirname, join } = jest.requireActual<typeof import("path")>("path")
  const totals = join(dirname(require.resolve("@medusajs/utils")), "totals")
  return {
    __esModule: true,
    MathBN: jest.requireActual<Record<string, unknown>>(join(totals, "math")).MathBN,
    decorateCartTotals: jest.requireActual<Record<string, unknown>>(join(totals, "cart")).decorateCartTotals,
  }
})

import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN, decorateCartTotals } from "@medusajs/framework/utils"
import BigNumberJS from "bignumber.js"
import type { Product } from "../../../lib/financing/schemas"
import { seededRandom } from "../../../sandbox/random"
import type { FinancingCart } from "../../checkout/cart"
import { cartToApplication } from "../../checkout/cart-to-application"
import { invoiceLinesOfOrder, type InvoiceLines } from "../invoice-lines"

interface LineInput {
  title: string
  unit_price: BigNumberInput
  quantity: number
  is_tax_inclusive?: boolean
  tax_rate?: number
  adjustments?: { amount: BigNumberInput; code?: string }[]
}

interface OrderInput {
  items: LineInput[]
  shipping?: {
    name: string
    amount: BigNumberInput
    tax_rate?: number
    adjustments?: LineInput["adjustments"]
  }[]
  credit?: BigNumberInput[]
  currency_code?: string
}

/** An order as `query.graph` returns it with the cart's fields, totalled by Medusa's own code. */
function medusaOrder(input: OrderInput): FinancingCart {
  const taxLines = (rate?: number) => (rate ? [{ rate, code: "TX" }] : [])
  const order = {
    id: "order_01",
    currency_code: input.currency_code ?? "usd",
    email: "ann@example.com",
    items: input.items.map(({ tax_rate, adjustments, ...item }, index) => ({
      id: `item_${index + 1}`,
      product_title: item.title,
      ...item,
      tax_lines: taxLines(tax_rate),
      adjustments: adjustments ?? [],
    })),
    shipping_methods: (input.shipping ?? []).map(({ tax_rate, adjustments, ...method }, index) => ({
      id: `ship_${index + 1}`,
      ...method,
      tax_lines: taxLines(tax_rate),
      adjustments: adjustments ?? [],
    })),
    credit_lines: (input.credit ?? []).map((amount) => ({ amount })),
  }
  return decorateCartTotals(structuredClone(order)) as unknown as FinancingCart
}

/** round-half-up(total × 100), computed apart from the code under test. */
const referenceCents = (amount: BigNumberInput | null | undefined) =>
  new BigNumberJS(MathBN.convert(amount ?? 0).toFixed())
    .times(100)
    .integerValue(BigNumberJS.ROUND_HALF_UP)
    .toNumber()

const cents = (value: number) => Math.round(value * 100)

function applicationProducts(order: FinancingCart): Product[] {
  const result = cartToApplication(
    {
      ...order,
      billing_address: {
        first_name: "Ann",
        last_name: "Lee",
        address_1: "500 Congress Ave",
        city: "Austin",
        province: "TX",
        postal_code: "78701",
        country_code: "us",
        phone: "512-555-0100",
      },
    },
    { storeCode: "STORE-001" }
  )
  if (!result.ok) throw new Error(`expected an application: ${JSON.stringify(result.problems)}`)
  return result.application.products
}

/** The invoice's lines put back together as the application has them: tax where the application puts it. */
function asApplicationLines(invoice: InvoiceLines, products: Product[]): Product[] {
  const taxIndex = products.findIndex((product) => product.description === "Sales tax")
  const lines: Product[] = invoice.lines.map((line) => ({ ...line }))
  if (invoice.taxCents !== 0) {
    lines.splice(taxIndex, 0, { description: "Sales tax", quantity: 1, value: invoice.taxCents / 100 })
  }
  return lines
}

const withoutIds = (products: Product[]) =>
  products.map(({ description, quantity, value }) => ({ description, quantity, value }))

function expectAddsUp(order: FinancingCart, invoice: InvoiceLines): void {
  expect(invoice.lines.reduce((sum, line) => sum + cents(line.value), 0)).toBe(invoice.subtotalCents)
  expect(invoice.subtotalCents + invoice.taxCents).toBe(invoice.totalCents)
  expect(invoice.totalCents).toBe(referenceCents(order.total))
  for (const line of invoice.lines) expect(line.value).toBe(cents(line.value) / 100)
}

describe("invoiceLinesOfOrder", () => {
  it("has the application's lines for an order with shipping, a promotion, tax and store credit", () => {
    const order = medusaOrder({
      items: [
        {
          title: "Sofa",
          unit_price: 899.99,
          quantity: 1,
          tax_rate: 8.25,
          adjustments: [{ amount: 90, code: "SAVE10" }],
        },
        { title: "Lamp", unit_price: 49.5, quantity: 2, tax_rate: 8.25 },
      ],
      shipping: [{ name: "Ground", amount: 19.99, tax_rate: 8.25 }],
      credit: [25],
    })
    const invoice = invoiceLinesOfOrder(order)

    // 899.99 + 99 + 19.99 − 90 = 928.98; tax 8.25% = 76.64085; less 25 of credit = 980.62085.
    expect(invoice).toEqual({
      lines: [
        { description: "Sofa", quantity: 1, value: 899.99 },
        { description: "Lamp", quantity: 2, value: 99 },
        { description: "Shipping: Ground", quantity: 1, value: 19.99 },
        { description: "Discount SAVE10", quantity: 1, value: -90 },
        { description: "Store credit", quantity: 1, value: -25 },
      ],
      subtotalCents: 90398,
      taxCents: 7664,
      totalCents: 98062,
    })
    expect(asApplicationLines(invoice, applicationProducts(order))).toEqual(
      withoutIds(applicationProducts(order))
    )
    expectAddsUp(order, invoice)
  })

  it("3 × 33.33 with 10% off and 8.25% tax: the cent rounding loses is on the tax, as in the application", () => {
    const order = medusaOrder({
      items: [
        {
          title: "Mug",
          unit_price: 33.33,
          quantity: 3,
          tax_rate: 8.25,
          adjustments: [{ amount: MathBN.mult(99.99, 0.1).toFixed(), code: "TENPCT" }],
        },
      ],
    })
    const invoice = invoiceLinesOfOrder(order)

    // 99.99 − 9.999 = 89.991, taxed 7.4242575: total 97.4152575 → 97.42, though 89.99 + 7.42 is 97.41.
    expect(invoice.lines).toEqual([
      { description: "Mug", quantity: 3, value: 99.99 },
      { description: "Discount TENPCT", quantity: 1, value: -10 },
    ])
    expect([invoice.subtotalCents, invoice.taxCents, invoice.totalCents]).toEqual([8999, 743, 9742])
    expect(asApplicationLines(invoice, applicationProducts(order))).toEqual(
      withoutIds(applicationProducts(order))
    )
    expectAddsUp(order, invoice)
  })

  it("an untaxed order has no tax and every application line in its table", () => {
    const order = medusaOrder({
      items: [
        {
          title: "Mug",
          unit_price: 33.33,
          quantity: 3,
          adjustments: [{ amount: MathBN.mult(99.99, 0.1).toFixed(), code: "TENPCT" }],
        },
      ],
    })
    const invoice = invoiceLinesOfOrder(order)
    expect(invoice.taxCents).toBe(0)
    expect(invoice.lines).toEqual(withoutIds(applicationProducts(order)))
    expect(invoice.totalCents).toBe(8999)
    expectAddsUp(order, invoice)
  })

  it("300 seeded random orders: the application's lines, summing to the order total to the cent", () => {
    const failures: unknown[] = []
    for (let index = 0; index < 300; index++) {
      const seed = 4_242 + index * 7919
      const next = seededRandom(seed)
      const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
      const rate = () => (next() < 0.2 ? undefined : int(0, 1025) / 100)
      const items: LineInput[] = Array.from({ length: int(1, 4) }, (_, item) => {
        const unit = int(1, 250_000) / 100
        const quantity = int(1, 5)
        const gross = MathBN.mult(unit, quantity)
        return {
          title: `Product ${item + 1}`,
          unit_price: unit,
          quantity,
          is_tax_inclusive: next() < 0.3,
          tax_rate: rate(),
          adjustments:
            next() < 0.5 ? [{ amount: MathBN.mult(gross, int(1, 30) / 100).toFixed(), code: "PCT" }] : [],
        }
      })
      const order = medusaOrder({
        items,
        shipping: next() < 0.6 ? [{ name: "Ground", amount: int(0, 4999) / 100, tax_rate: rate() }] : [],
        credit: next() < 0.3 ? [(int(1, 1000) / 100).toFixed(2)] : [],
      })
      const invoice = invoiceLinesOfOrder(order)
      const products = applicationProducts(order)
      const sum = invoice.lines.reduce((total, line) => total + cents(line.value), 0)
      const same =
        JSON.stringify(asApplicationLines(invoice, products)) === JSON.stringify(withoutIds(products))
      if (!same || sum + invoice.taxCents !== referenceCents(order.total)) {
        failures.push({ seed, invoice, products, total: referenceCents(order.total) })
      }
    }
    expect({ failed: failures.length, first: failures.slice(0, 2) }).toEqual({ failed: 0, first: [] })
  })

  it("refuses an order that is not in US dollars", () => {
    const order = medusaOrder({
      items: [{ title: "Mug", unit_price: 10, quantity: 1 }],
      currency_code: "eur",
    })
    expect(() => invoiceLinesOfOrder(order)).toThrow("invoices are in US dollars, not eur")
  })

  it("refuses an order without items, as the application refused such a cart", () => {
    const order = medusaOrder({ items: [], shipping: [{ name: "Ground", amount: 10 }] })
    expect(() => invoiceLinesOfOrder(order)).toThrow("order_01: it has no items to invoice")
  })
})
