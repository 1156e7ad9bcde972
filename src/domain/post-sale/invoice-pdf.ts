import PDFDocument from "pdfkit"
import { INVOICE_FILE_TYPES } from "../../lib/financing/schemas/invoice-file"
import type { InvoiceLines } from "./invoice-lines"
import { centsFromDecimal, formatUsd, hasAtMostTwoDecimals } from "../money"
import { winAnsiText } from "./invoice-text"

export interface InvoiceDocument extends InvoiceLines {
  store: {
    name: string
    addressLines?: string[]
    phone?: string
    /** IANA zone the order date is printed in; UTC when absent, so the bytes never depend on the server. */
    timeZone?: string
  }
  order: { displayId: string; id: string; placedAt: Date }
  customer: { name: string; email?: string; addressLines: string[] }
  /** The public id of the financing application the order was paid with. */
  applicationPublicId: string
  currency: "USD"
}

export interface RenderInvoiceOptions {
  /** Leave content streams readable; only tests want this, to read the text back. */
  compress?: boolean
}

/** The upload's own PDF type: its ending names the file, and the upload's type check goes by that ending. */
const PDF = INVOICE_FILE_TYPES.pdf

/** The content type the generated invoice is sent as. */
export const INVOICE_PDF_CONTENT_TYPE = PDF.contentType

/** The name the invoice is uploaded under. */
export function invoiceFileName(orderDisplayId: string | number): string {
  return `invoice-${String(orderDisplayId).replace(/[^A-Za-z0-9_-]+/g, "-")}.${PDF.extensions[0]}`
}

const MARGIN = 50
const FOOTER_SPACE = 30
const GAP = 4
const COLUMNS = {
  description: { x: MARGIN, width: 332 },
  quantity: { x: 392, width: 50 },
  amount: { x: 452, width: 110 },
}
const GREY = "#555555"

type Doc = PDFKit.PDFDocument

/**
 * A US-letter invoice: store and invoice heading, bill-to, one table row per line (long descriptions wrap,
 * rows move to a new page with the table heading repeated), totals, and on every page a footer naming the
 * financing application. The creation date is the order's, so rendering the same invoice again (a retried
 * upload) gives the same bytes.
 */
export async function renderInvoicePdf(
  invoice: InvoiceDocument,
  options: RenderInvoiceOptions = {}
): Promise<Buffer> {
  const lineCents = checkedLineCents(invoice)
  // pdfkit tests `instanceof Date`, which a Date from another realm (a vm, a worker's structuredClone)
  // fails, and then it writes the date's locale text instead of a PDF date: a copy keeps the bytes stable.
  const placedAt = new Date(invoice.order.placedAt.getTime())
  if (Number.isNaN(placedAt.getTime())) throw new Error(`order ${invoice.order.id} has no valid date`)
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      CreationDate: placedAt,
      Title: winAnsiText(`Invoice ${invoice.order.displayId}`),
      Author: winAnsiText(invoice.store.name),
    },
  })
  const bytes = collect(doc)

  let y = heading(doc, invoice, placedAt)
  y = billTo(doc, invoice, y + 20)
  y = tableHeading(doc, y + 20)
  invoice.lines.forEach((line, index) => {
    const description = winAnsiText(line.description)
    const height = rowFont(doc).heightOfString(description, { width: COLUMNS.description.width }) + 2 * GAP
    if (y + height > bottom(doc)) y = tableHeading(doc, continuation(doc, invoice))
    // The heading of a new page leaves its bold type set.
    rowFont(doc).text(description, COLUMNS.description.x, y + GAP, { width: COLUMNS.description.width })
    right(doc, quantityText(line.quantity), COLUMNS.quantity, y + GAP)
    right(doc, formatUsd(lineCents[index]), COLUMNS.amount, y + GAP)
    y += height
  })
  totals(doc, invoice, y)
  footers(doc, invoice)
  doc.end()
  return bytes
}

/** Whole cents per line, refusing an invoice whose arithmetic does not hold: it would be sent as fact. */
function checkedLineCents(invoice: InvoiceDocument): number[] {
  const cents = invoice.lines.map((line) => {
    if (!hasAtMostTwoDecimals(line.value)) {
      throw new Error(`invoice line "${line.description}" is not in whole cents: ${line.value}`)
    }
    return centsFromDecimal(line.value)
  })
  const sum = cents.reduce((total, value) => total + value, 0)
  if (sum !== invoice.subtotalCents || invoice.subtotalCents + invoice.taxCents !== invoice.totalCents) {
    throw new Error(
      `invoice for order ${invoice.order.id} does not add up: lines ${sum}, subtotal ${invoice.subtotalCents}, ` +
        `tax ${invoice.taxCents}, total ${invoice.totalCents} (cents)`
    )
  }
  return cents
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on("data", (chunk: Buffer) => chunks.push(chunk))
    doc.on("end", () => resolve(Buffer.concat(chunks)))
    doc.on("error", reject)
  })
}

function heading(doc: Doc, invoice: InvoiceDocument, placedAt: Date): number {
  const { store, order } = invoice
  doc.fillColor("black").font("Helvetica-Bold").fontSize(16)
  doc.text(winAnsiText(store.name), MARGIN, MARGIN, { width: 280 })
  doc.font("Helvetica").fontSize(9).fillColor(GREY)
  for (const line of [...(store.addressLines ?? []), ...(store.phone ? [store.phone] : [])]) {
    doc.text(winAnsiText(line), { width: 280 })
  }
  const left = doc.y

  const box = { x: 312, width: 250 }
  doc.fillColor("black").font("Helvetica-Bold").fontSize(20)
  doc.text("Invoice", box.x, MARGIN, { ...box, align: "right" })
  doc.font("Helvetica").fontSize(10)
  doc.text(winAnsiText(`Order #${order.displayId}`), { ...box, align: "right" })
  doc.text(`Date: ${dateText(placedAt, store.timeZone)}`, { ...box, align: "right" })
  doc.fontSize(8).fillColor(GREY)
  doc.text(winAnsiText(`Order ID ${order.id}`), { ...box, align: "right" })
  doc.fillColor("black")
  return Math.max(left, doc.y)
}

function billTo(doc: Doc, invoice: InvoiceDocument, y: number): number {
  const { customer } = invoice
  doc.fillColor("black").font("Helvetica-Bold").fontSize(10).text("Bill to", MARGIN, y)
  doc.font("Helvetica")
  const lines = [customer.name, ...(customer.email ? [customer.email] : []), ...customer.addressLines]
  for (const line of lines) doc.text(winAnsiText(line), { width: 280 })
  return doc.y
}

function tableHeading(doc: Doc, y: number): number {
  doc.fillColor("black").font("Helvetica-Bold").fontSize(9)
  doc.text("Description", COLUMNS.description.x, y, { width: COLUMNS.description.width })
  right(doc, "Qty", COLUMNS.quantity, y)
  right(doc, "Amount", COLUMNS.amount, y)
  const ruleY = y + doc.currentLineHeight() + GAP
  rule(doc, ruleY)
  return ruleY
}

/** A new page for rows that do not fit, saying whose invoice it continues; returns where to go on. */
function continuation(doc: Doc, invoice: InvoiceDocument): number {
  doc.addPage()
  doc.fillColor(GREY).font("Helvetica").fontSize(9)
  doc.text(winAnsiText(`Invoice for order #${invoice.order.displayId} (continued)`), MARGIN, MARGIN)
  doc.fillColor("black")
  return doc.y + 10
}

function totals(doc: Doc, invoice: InvoiceDocument, tableEnd: number): void {
  const rows: [string, number][] = [
    ["Subtotal", invoice.subtotalCents],
    ["Sales tax", invoice.taxCents],
    ["Total", invoice.totalCents],
  ]
  const rowHeight = 16
  let y = tableEnd
  if (y + GAP + rows.length * rowHeight > bottom(doc)) y = continuation(doc, invoice)
  rule(doc, y)
  y += GAP + 2
  rows.forEach(([label, cents], index) => {
    const last = index === rows.length - 1
    doc.font(last ? "Helvetica-Bold" : "Helvetica").fontSize(last ? 11 : 10)
    right(doc, label, { x: COLUMNS.quantity.x - 100, width: 150 }, y)
    right(doc, formatUsd(cents), COLUMNS.amount, y)
    y += rowHeight
  })
}

function footers(doc: Doc, invoice: InvoiceDocument): void {
  const { start, count } = doc.bufferedPageRange()
  const text = winAnsiText(`Financed through application ${invoice.applicationPublicId}`)
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index)
    // Text below the bottom margin would otherwise start a page of its own.
    const margin = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    const y = doc.page.height - MARGIN - 10
    doc.font("Helvetica").fontSize(8).fillColor(GREY)
    doc.text(text, MARGIN, y, { width: 360, lineBreak: false })
    right(doc, `Page ${index - start + 1} of ${count}`, { x: 412, width: 150 }, y)
    doc.page.margins.bottom = margin
  }
  doc.fillColor("black")
}

function right(doc: Doc, text: string, column: { x: number; width: number }, y: number): void {
  doc.text(text, column.x, y, { width: column.width, align: "right", lineBreak: false })
}

function rule(doc: Doc, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(COLUMNS.amount.x + COLUMNS.amount.width, y)
    .lineWidth(0.5)
    .strokeColor("#999999")
    .stroke()
}

const rowFont = (doc: Doc) => doc.fillColor("black").font("Helvetica").fontSize(10)

const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom

function quantityText(quantity: number): string {
  return quantity.toLocaleString("en-US", { maximumFractionDigits: 4 })
}

function dateText(date: Date, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(date)
}
