import { cartTotal } from "../../lib/financing/schemas"
import type { SandboxContext } from "../context"
import { HttpError, readBody, redirect, sendHtml } from "../http"
import type { SandboxApplication } from "../records"
import { Router } from "../router"
import { OPEN_STATUSES } from "../state-machine"

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!
  )

const dollars = (amount: number) =>
  amount.toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 })

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1c1f24; }
  main { max-width: 40rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .badge { display: inline-block; background: #fff4d6; color: #7a5900; border-radius: 999px; padding: .2rem .7rem;
           font-size: .8rem; font-weight: 600; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { text-align: left; padding: .5rem .25rem; border-bottom: 1px solid #e6e8eb; }
  td.amount, th.amount { text-align: right; font-variant-numeric: tabular-nums; }
  tfoot td { font-weight: 700; border-bottom: none; }
  .actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; border-radius: 8px; padding: .7rem 1.2rem; cursor: pointer; border: 1px solid #c9cdd2;
           background: #fff; }
  button.primary { background: #1f6feb; border-color: #1f6feb; color: #fff; font-weight: 600; }
  .muted { color: #5c6470; font-size: .9rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>`
}

function applicationPage(application: SandboxApplication): string {
  const { input } = application
  const name = [input.firstName, input.middleInitial, input.lastName].filter(Boolean).join(" ")
  const rows = input.products
    .map(
      (product) =>
        `<tr><td>${escapeHtml(product.description)}</td><td class="amount">${product.quantity}</td>` +
        `<td class="amount">${dollars(product.value)}</td></tr>`
    )
    .join("\n")
  const open = OPEN_STATUSES.has(application.status)
  const action = (verb: string) => `/apply/${encodeURIComponent(application.publicId)}/${verb}`
  const actions = open
    ? `<div class="actions">
  <form method="post" action="${action("sign")}"><button class="primary" type="submit">Approve and sign</button></form>
  <form method="post" action="${action("decline")}"><button type="submit">Decline</button></form>
  <form method="post" action="${action("cancel")}"><button type="submit">Cancel</button></form>
</div>`
    : `<p>This application is <strong>${escapeHtml(application.status)}</strong>; there is nothing left to do here.</p>`
  return page(
    "Pay over time",
    `<span class="badge">Sandbox: no credit check, no real contract</span>
<h1>Pay over time</h1>
<p>Application for <strong>${escapeHtml(name)}</strong> &middot; ${escapeHtml(input.mobilePhone)}</p>
<table>
<thead><tr><th>Item</th><th class="amount">Qty</th><th class="amount">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td colspan="2">Total</td><td class="amount" data-testid="total">${dollars(cartTotal(input.products))}</td></tr></tfoot>
</table>
<p class="muted">Status: <span data-testid="status">${escapeHtml(application.status)}</span></p>
${actions}`
  )
}

function donePage(heading: string, text: string): string {
  return page(
    heading,
    `<span class="badge">Sandbox</span><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>`
  )
}

/** The page at the application's `link`, where a person signs, declines or cancels. */
export function hostedPageRoutes(context: SandboxContext): Router {
  const { engine } = context
  const find = (publicId: string) => {
    const application = engine.get(publicId)
    if (!application) throw new HttpError(404, "not_found", "this application link is not valid")
    return application
  }
  const leaveTo = (application: SandboxApplication) =>
    application.input.cancelUrl ?? application.input.redirectUrl

  return new Router()
    .add("GET", /^\/apply\/([^/]+)$/, async (_request, response, [publicId]) => {
      sendHtml(response, 200, applicationPage(find(publicId)))
    })
    .add("POST", /^\/apply\/([^/]+)\/sign$/, async (request, response, [publicId]) => {
      await readBody(request, 64 * 1024)
      const application = find(publicId)
      engine.sign(application)
      const target = application.input.redirectUrl
      if (target) redirect(response, target)
      else
        sendHtml(
          response,
          200,
          donePage("Contract signed", "You can close this window and return to the store.")
        )
    })
    .add("POST", /^\/apply\/([^/]+)\/decline$/, async (request, response, [publicId]) => {
      await readBody(request, 64 * 1024)
      const application = find(publicId)
      engine.decline(application)
      const target = leaveTo(application)
      if (target) redirect(response, target)
      else sendHtml(response, 200, donePage("Application declined", "Please choose another way to pay."))
    })
    .add("POST", /^\/apply\/([^/]+)\/cancel$/, async (request, response, [publicId]) => {
      await readBody(request, 64 * 1024)
      // Leaving without signing changes nothing: the application stays open until it expires.
      const target = leaveTo(find(publicId))
      if (target) redirect(response, target)
      else sendHtml(response, 200, donePage("Nothing was signed", "You can close this window."))
    })
}
