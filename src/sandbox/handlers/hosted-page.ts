import type { IncomingMessage, ServerResponse } from "node:http"
import { cartTotal } from "../../lib/financing/schemas"
import type { SandboxContext } from "../context"
import { HttpError, readBody, redirect, sendHtml } from "../http"
import type { SandboxApplication } from "../records"
import { Router } from "../router"
import { OPEN_STATUSES, hasContract } from "../state-machine"
import { STATUS_WORDS } from "../status-words"
import { dollars, escapeHtml, page, wantsHtml } from "./html-page"

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
  const action = (verb: string) => `/apply/${encodeURIComponent(application.publicId)}/${verb}`
  const actions = `<div class="actions">
  <form method="post" action="${action("sign")}"><button class="primary" type="submit">Approve and sign</button></form>
  <form method="post" action="${action("decline")}"><button type="submit">Decline</button></form>
  <form method="post" action="${action("cancel")}"><button type="submit">Cancel</button></form>
</div>`
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
<p class="muted">Status: <span data-testid="status">${escapeHtml(STATUS_WORDS[application.status].label)}</span></p>
${actions}`
  )
}

function donePage(heading: string, text: string): string {
  return page(
    heading,
    `<span class="badge">Sandbox</span><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>`
  )
}

/**
 * Where a shopper goes back to the store from an application that is no longer open: the store's return
 * page once a contract is signed (the store shows the order there), else its cancel page.
 */
function backToStore(application: SandboxApplication): string | undefined {
  const { cancelUrl, redirectUrl } = application.input
  const signed = hasContract(application.status) || application.status === "Returned"
  return signed ? redirectUrl : (cancelUrl ?? redirectUrl)
}

const SETTLED: Partial<Record<SandboxApplication["status"], { heading: string; text: string }>> = {
  Returned: {
    heading: "This contract was returned",
    text: "The goods went back to the store and the contract is closed. There is nothing to do here.",
  },
  Declined: {
    heading: "This application was declined",
    text: "Nothing was signed. Please choose another way to pay at the store.",
  },
  Ineligible: {
    heading: "This application cannot be financed",
    text: "Nothing was signed. Please choose another way to pay at the store.",
  },
  Expired: {
    heading: "This application has expired",
    text: "It was not signed in time. You can apply again from the store's checkout.",
  },
  Error: {
    heading: "This application could not be completed",
    text: "Nothing was signed. Please choose another way to pay at the store.",
  },
}
const ALREADY_SIGNED = {
  heading: "This contract is already signed",
  text: "There is nothing more to do here: your order is with the store.",
}

/**
 * An application that can no longer be signed, declined or left: what happened to it, in words, and the
 * way back to the store. Also the answer to a button pressed on an old copy of the page (Back after
 * signing), with 409.
 */
function settledPage(application: SandboxApplication): string {
  const { heading, text } = SETTLED[application.status] ?? ALREADY_SIGNED
  const back = backToStore(application)
  return page(
    heading,
    `<span class="badge">Sandbox</span>
<h1>${escapeHtml(heading)}</h1>
<p data-testid="settled">${escapeHtml(text)}</p>
<p class="muted">Status: <span data-testid="status">${escapeHtml(STATUS_WORDS[application.status].label)}</span></p>
${
  back
    ? `<p class="actions"><a class="button primary" href="${escapeHtml(back)}">Back to the store</a></p>`
    : "<p>You can close this window.</p>"
}`
  )
}

/** The application's page: its buttons while it is open, what became of it after. */
function sendApplication(response: ServerResponse, application: SandboxApplication): void {
  if (OPEN_STATUSES.has(application.status)) sendHtml(response, 200, applicationPage(application))
  else sendHtml(response, 200, settledPage(application))
}

/**
 * A button pressed on an old copy of the page (Back after signing, then Approve again), in a browser: 409
 * with the page saying what became of the application. Other clients keep the service's answers: the JSON
 * conflict for sign and decline, and the way back for cancel.
 */
function refusedInBrowser(
  request: IncomingMessage,
  response: ServerResponse,
  application: SandboxApplication
): boolean {
  if (OPEN_STATUSES.has(application.status) || !wantsHtml(request)) return false
  sendHtml(response, 409, settledPage(application))
  return true
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
      sendApplication(response, find(publicId))
    })
    .add("POST", /^\/apply\/([^/]+)\/sign$/, async (request, response, [publicId]) => {
      await readBody(request, 64 * 1024)
      const application = find(publicId)
      if (refusedInBrowser(request, response, application)) return
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
      if (refusedInBrowser(request, response, application)) return
      engine.decline(application)
      const target = leaveTo(application)
      if (target) redirect(response, target)
      else sendHtml(response, 200, donePage("Application declined", "Please choose another way to pay."))
    })
    .add("POST", /^\/apply\/([^/]+)\/cancel$/, async (request, response, [publicId]) => {
      await readBody(request, 64 * 1024)
      const application = find(publicId)
      if (refusedInBrowser(request, response, application)) return
      // Leaving without signing changes nothing: the application stays open until it expires.
      const target = leaveTo(application)
      if (target) redirect(response, target)
      else sendHtml(response, 200, donePage("Nothing was signed", "You can close this window."))
    })
}
