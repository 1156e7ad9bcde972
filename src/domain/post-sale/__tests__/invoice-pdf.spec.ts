import { invoiceFileIssues } from "../../../lib/financing/schemas"
import type { InvoiceLine } from "../invoice-lines"
import { type InvoiceDocument, invoiceFileName, renderInvoicePdf } from "../invoice-pdf"
import { formatUsd } from "../../money"
import { winAnsiText } from "../invoice-text"
import { pdfPageCount, pdfTextLines, pdfTextRuns } from "./support/pdf-text"

const LONG_DESCRIPTION =
  "Sectional sofa with reversible chaise, stain-resistant performance fabric, solid hardwood frame, " +
  "and four removable back cushions (Charcoal, left-facing)"

const LINES: InvoiceLine[] = [
  { description: "Sofa (Grey)", quantity: 1, value: 1234.56 },
  { description: LONG_DESCRIPTION, quantity: 2, value: 3999.98 },
  { description: "Shipping: White glove", quantity: 1, value: 149 },
  { description: "Discount SAVE10", quantity: 1, value: -90 },
  { description: "Store credit", quantity: 1, value: -25.05 },
]

function invoiceOf(lines: InvoiceLine[], overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const subtotalCents = lines.reduce((sum, line) => sum + Math.round(line.value * 100), 0)
  const taxCents = 43_210
  return {
    store: { name: "Hill Country Furniture", addressLines: ["500 Congress Ave", "Austin, TX 78701"] },
    order: { displayId: "1001", id: "order_01JABC", placedAt: new Date("2026-11-03T15:30:00Z") },
    customer: { name: "Ann Lee", email: "ann@example.com", addressLines: ["12 Oak St", "Austin, TX 78704"] },
    lines,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    applicationPublicId: "APP-7F3K9Q",
    currency: "USD",
    ...overrides,
  }
}

const INVOICE = invoiceOf(LINES)
const manyLines = (count: number): InvoiceLine[] =>
  Array.from({ length: count }, (_, index) => ({
    description: `Item number ${index + 1}${index % 7 === 0 ? `: ${LONG_DESCRIPTION}` : ""}`,
    quantity: 1 + (index % 3),
    value: (1000 + index * 37) / 100,
  }))

/** Without whitespace: a wrapped line breaks after a space or a hyphen, and the reader cannot tell which. */
const squash = (text: string) => text.replace(/\s+/g, "")

/** The text of a render, uncompressed so it can be read back: its lines, and all of it squashed. */
async function textOf(invoice: InvoiceDocument): Promise<{ lines: string[]; flat: string }> {
  const lines = pdfTextLines(await renderInvoicePdf(invoice, { compress: false }))
  return { lines, flat: squash(lines.join("")) }
}

describe("renderInvoicePdf", () => {
  it("is a PDF the plugin's own upload check accepts, compressed or not", async () => {
    for (const compress of [true, false]) {
      const pdf = await renderInvoicePdf(INVOICE, { compress })
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
      expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF")
      expect(invoiceFileIssues({ filename: invoiceFileName("1001"), content: pdf })).toEqual([])
    }
  })

  it("shows the store, the invoice heading, the customer, every line, the totals and the application", async () => {
    const { lines, flat } = await textOf(INVOICE)
    for (const expected of [
      "Hill Country Furniture",
      "500 Congress Ave",
      "Austin, TX 78701",
      "Invoice",
      "Order #1001",
      "Date: November 3, 2026",
      "Bill to",
      "Ann Lee",
      "ann@example.com",
      "12 Oak St",
      "Financed through application APP-7F3K9Q",
      "Page 1 of 1",
    ]) {
      expect(lines).toContain(expected)
    }
    for (const line of LINES) expect(flat).toContain(squash(line.description))
    for (const amount of ["$1,234.56", "$3,999.98", "$149.00", "-$90.00", "-$25.05"]) {
      expect(lines).toContain(amount)
    }
    // 1234.56 + 3999.98 + 149 − 90 − 25.05 = 5268.49; + 432.10 tax = 5700.59.
    const totals = lines.slice(lines.indexOf("Subtotal"))
    expect(totals).toEqual(
      expect.arrayContaining(["Subtotal", "$5,268.49", "Sales tax", "$432.10", "Total", "$5,700.59"])
    )
    expect(totals.indexOf("Total")).toBeGreaterThan(totals.indexOf("Sales tax"))
  })

  it("wraps a long description onto several lines of its column, keeping every word", async () => {
    const { lines, flat } = await textOf(INVOICE)
    const wrapped = lines.filter((line) => LONG_DESCRIPTION.includes(line.trim()) && line.trim().length > 0)
    expect(wrapped.length).toBeGreaterThanOrEqual(2)
    expect(flat).toContain(squash(LONG_DESCRIPTION))
  })

  it("puts 200 lines on several pages, each with the table heading again and a footer", async () => {
    const lines = manyLines(200)
    const invoice = invoiceOf(lines)
    const pdf = await renderInvoicePdf(invoice, { compress: false })
    const pages = pdfPageCount(pdf)
    const text = pdfTextLines(pdf)
    const flat = squash(text.join(""))

    expect(pages).toBeGreaterThan(1)
    for (const line of lines) expect(flat).toContain(squash(line.description))
    expect(text.filter((line) => line === "Financed through application APP-7F3K9Q")).toHaveLength(pages)
    expect(text).toContain(`Page ${pages} of ${pages}`)
    expect(text.filter((line) => line === "Description").length).toBeGreaterThanOrEqual(pages - 1)
    expect(text).toContain("Invoice for order #1001 (continued)")
    expect(text).toContain(formatUsd(invoice.totalCents))
  })

  it("shows every row in the same regular type, the first one on a new page too", async () => {
    const pdf = await renderInvoicePdf(invoiceOf(manyLines(200)), { compress: false })
    const rows = pdfTextRuns(pdf).filter((run) => /^Item number \d+/.test(run.text))
    expect(rows.map((run) => Number(/^Item number (\d+)/.exec(run.text)![1]))).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1)
    )
    expect(new Set(rows.map((run) => `${run.font} ${run.size}`))).toEqual(new Set(["Helvetica 10"]))
  })

  it("renders the same invoice to the same bytes, and another order date to other bytes", async () => {
    const first = await renderInvoicePdf(INVOICE)
    const again = await renderInvoicePdf(structuredClone(INVOICE))
    expect(again.equals(first)).toBe(true)
    expect(first.toString("latin1")).toContain("D:20261103153000Z")

    const later = invoiceOf(LINES, {
      order: { ...INVOICE.order, placedAt: new Date("2026-11-04T15:30:00Z") },
    })
    expect((await renderInvoicePdf(later)).equals(first)).toBe(false)
  })

  it("prints the order date in the store's time zone when it has one, else in UTC", async () => {
    const lateEvening = { ...INVOICE.order, placedAt: new Date("2026-11-04T03:00:00Z") }
    const utc = await textOf(invoiceOf(LINES, { order: lateEvening }))
    const central = await textOf(
      invoiceOf(LINES, { order: lateEvening, store: { ...INVOICE.store, timeZone: "America/Chicago" } })
    )
    expect(utc.lines).toContain("Date: November 4, 2026")
    expect(central.lines).toContain("Date: November 3, 2026")
  })

  it("shows a character Helvetica lacks as ?, not as unrelated glyphs", async () => {
    const { lines } = await textOf(invoiceOf([{ description: "Vase 花瓶 — “Ming”", quantity: 1, value: 10 }]))
    expect(lines).toContain("Vase ?? — “Ming”")
  })

  it("refuses an invoice whose lines do not add up to its subtotal, or whose total is not subtotal + tax", async () => {
    await expect(renderInvoicePdf({ ...INVOICE, subtotalCents: INVOICE.subtotalCents + 1 })).rejects.toThrow(
      "does not add up"
    )
    await expect(renderInvoicePdf({ ...INVOICE, totalCents: INVOICE.totalCents - 1 })).rejects.toThrow(
      "does not add up"
    )
    const fractional = invoiceOf([{ description: "Odd", quantity: 1, value: 10.005 }])
    await expect(renderInvoicePdf(fractional)).rejects.toThrow('"Odd" is not in whole cents')
  })
})

describe("invoiceFileName", () => {
  it("names the file after the order's display id, as a .pdf the upload check accepts", () => {
    expect(invoiceFileName("1001")).toBe("invoice-1001.pdf")
    expect(invoiceFileName(1001)).toBe("invoice-1001.pdf")
    expect(invoiceFileName("SO/2026 #7")).toBe("invoice-SO-2026-7.pdf")
  })
})

describe("formatUsd", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [99, "$0.99"],
    [100, "$1.00"],
    [123_456, "$1,234.56"],
    [-9_000, "-$90.00"],
    [-1, "-$0.01"],
    [100_000_000, "$1,000,000.00"],
    [900_719_925_474_099, "$9,007,199,254,740.99"],
  ])("%d cents is %s", (cents, text) => {
    expect(formatUsd(cents)).toBe(text)
  })

  it("refuses fractions of a cent", () => {
    expect(() => formatUsd(10.5)).toThrow("not a whole number of cents")
    expect(() => formatUsd(Number.NaN)).toThrow("not a whole number of cents")
  })
})

describe("winAnsiText", () => {
  it("keeps Latin-1 and the WinAnsi punctuation Helvetica has", () => {
    expect(winAnsiText("Café — “Ming” vase… 50% off €5 ™")).toBe("Café — “Ming” vase… 50% off €5 ™")
  })

  it("composes accents, replaces what Helvetica lacks with ?, and turns line breaks into spaces", () => {
    expect(winAnsiText("Cafe\u0301")).toBe("Café")
    expect(winAnsiText("花瓶 🛋️ sofa")).toBe("?? ?? sofa")
    expect(winAnsiText("two\nlines\tand  tab")).toBe("two lines and tab")
  })
})
