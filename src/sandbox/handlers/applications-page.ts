import { cartTotal } from "../../lib/financing/schemas"
import type { SandboxApplication } from "../records"
import { OPEN_STATUSES, hasContract, isSigned } from "../state-machine"
import { STATUS_WORDS } from "../status-words"
import { dollars, escapeHtml, page } from "./html-page"

/*
 * GET /sandbox/applications in a browser: every application as a person reads it (who, how much, which
 * partner, where it stands and what comes next), newest first, with the way to act on it as the
 * shopper (its page, while open) or as the lender (fund a signed contract). API clients still get JSON.
 * A sandbox playing several retailer accounts also names each application's store code.
 */

const when = (iso: string) =>
  `${new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`

/** The store's order numbers among its references; its other references are its own keys. */
function orderNumbers(application: SandboxApplication): string {
  const numbers = application.orderReferences.filter((reference) => /^\d+$/.test(reference))
  return numbers.length ? numbers.map((number) => `Order #${escapeHtml(number)}`).join(", ") : "No order yet"
}

function amounts(application: SandboxApplication): string {
  const total = cartTotal(application.input.products)
  const { invoiceAmount, financingPartnerDisplayName } = application.contract
  const lines = [`Applied for ${dollars(total)}`]
  if (hasContract(application.status) && invoiceAmount !== null) {
    lines.push(
      `Signed for ${dollars(invoiceAmount)} with ${escapeHtml(financingPartnerDisplayName ?? "the partner")}`
    )
  }
  if (application.funding) {
    lines.push(`Paid to the store: ${dollars(application.funding.amount)}`)
  }
  return lines.join("<br>")
}

function received(application: SandboxApplication): string {
  const base = `/sandbox/applications/${encodeURIComponent(application.publicId)}/invoices`
  const invoices = application.invoices.map(
    (invoice, index) => `<a href="${base}/${index}">Invoice ${escapeHtml(invoice.filename)}</a>`
  )
  const deliveries = application.deliveries.length
    ? [`Delivery information (${application.deliveries.length})`]
    : []
  const returns = application.returnRequests.length
    ? [`Return requests (${application.returnRequests.length})`]
    : []
  const all = [...invoices, ...deliveries, ...returns]
  return all.length ? all.join("<br>") : '<span class="muted">Nothing yet</span>'
}

function actions(application: SandboxApplication): string {
  const id = encodeURIComponent(application.publicId)
  const { status } = application
  if (OPEN_STATUSES.has(status)) return `<a href="/apply/${id}">Open the shopper's page</a>`
  // The control endpoint walks a signed contract to Funded through the invoice's approval.
  if (isSigned(status) && status !== "Funded") {
    return `<form class="inline" method="post" action="/sandbox/applications/${id}/status">
<input type="hidden" name="status" value="Funded">
<button class="small" type="submit">Fund it (as the lender)</button></form>`
  }
  return ""
}

function storeLine(application: SandboxApplication): string {
  return `<span data-testid="sandbox-application-store">Store ${escapeHtml(application.storeCode)}</span><br>`
}

function row(application: SandboxApplication, withStore: boolean): string {
  const { input, status } = application
  const name = [input.firstName, input.lastName].filter(Boolean).join(" ")
  const words = STATUS_WORDS[status]
  return `<tr data-testid="sandbox-application">
<td>No. ${application.applicationId}<br>${withStore ? storeLine(application) : ""}<span class="muted">${escapeHtml(when(application.createdAt))}</span></td>
<td>${escapeHtml(name)}<br><span class="muted nowrap">${escapeHtml(input.mobilePhone)}</span></td>
<td>${amounts(application)}<br><span class="muted">${orderNumbers(application)}</span></td>
<td><span class="status">${escapeHtml(words.label)}</span><br><span class="muted">${escapeHtml(words.meaning)}</span></td>
<td>${received(application)}</td>
<td>${actions(application)}</td>
</tr>`
}

/** `storeCount`: the retailer accounts the sandbox plays; with more than one, each row names its store. */
export function applicationsPage(applications: SandboxApplication[], storeCount = 1): string {
  const newestFirst = [...applications].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const body = newestFirst.length
    ? `<table>
<thead><tr><th>Application</th><th>Shopper</th><th>Amount</th><th>Where it stands</th><th>Received from the store</th><th></th></tr></thead>
<tbody>
${newestFirst.map((application) => row(application, storeCount > 1)).join("\n")}
</tbody>
</table>`
    : "<p>No applications yet. Choose Pay over time at the store's checkout to make one.</p>"
  return page(
    "Sandbox applications",
    `<span class="badge">Sandbox: the financing service's stand-in; nothing is scored and no money moves</span>
<h1>Applications</h1>
<p class="muted">Every application the store made here. Funding a signed contract is what the lender does once
the store has shipped and sent its invoice; the store's payment is then captured.</p>
${body}`,
    { wide: true }
  )
}
