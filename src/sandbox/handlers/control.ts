import {
  ApplicationStatusValue,
  PaymentStatusValue,
  PositiveMoney,
  cartTotal,
} from "../../lib/financing/schemas"
import type { SandboxContext } from "../context"
import type { IncomingMessage, ServerResponse } from "node:http"
import {
  HttpError,
  mediaType,
  readBody,
  readJson,
  redirect,
  sendHtml,
  sendJson,
  validationFailed,
} from "../http"
import { FaultPatch } from "../options"
import type { SandboxApplication } from "../records"
import { Router } from "../router"
import { carriersOf } from "../carriers"
import type { SigningTerms } from "../engine"
import { hasContract } from "../state-machine"
import { issuesOf } from "../../lib/financing/validation"
import { centsFromDecimal, centsToDecimalText } from "../../lib/financing/money"
import { statusView } from "./v2"
import { z } from "zod"
import { applicationsPage } from "./applications-page"
import { wantsHtml } from "./html-page"

/** A record as the control endpoints show it: everything received, and the status as the service reports it. */
function controlView(application: SandboxApplication, base: string) {
  return {
    ...application,
    // Contents are served one at a time below: a list of applications must not carry every upload.
    invoices: application.invoices.map(({ contentBase64: _content, ...invoice }, index) => ({
      ...invoice,
      download: `${base}/sandbox/applications/${application.publicId}/invoices/${index}`,
    })),
    link: `${base}/apply/${application.publicId}`,
    reported: statusView(application),
    total: cartTotal(application.input.products),
  }
}

const StatusRequest = z
  .object({
    status: ApplicationStatusValue,
    /** What the contract is signed for, when less than the application's total (the shopper financed less). */
    invoiceAmount: PositiveMoney.optional(),
  })
  .strict()

/**
 * The terms of a walk given an invoiceAmount: 400 naming the field when it cannot be a contract for this
 * application (more than was applied for, or a status that signs nothing).
 */
function signingTerms(
  application: SandboxApplication,
  request: z.output<typeof StatusRequest>
): SigningTerms | undefined {
  if (request.invoiceAmount === undefined) return undefined
  const refuse = (message: string) => validationFailed("status request", [{ path: "invoiceAmount", message }])
  if (!hasContract(request.status)) {
    throw refuse(`is only accepted with a status that has a signed contract, not ${request.status}`)
  }
  const invoiceCents = centsFromDecimal(request.invoiceAmount)
  const totalCents = centsFromDecimal(cartTotal(application.input.products))
  if (invoiceCents > totalCents) {
    throw refuse(`must be at most the application's total, ${centsToDecimalText(totalCents)}`)
  }
  return { invoiceCents }
}

const PaymentRequest = z.object({ status: PaymentStatusValue }).strict()

const FORM = "application/x-www-form-urlencoded"

/**
 * A status change from the applications page's button (a form, not JSON): only from the sandbox's own
 * page, so that another site open in the same browser cannot post one. Back to the list after.
 */
async function walkFromPage(
  context: SandboxContext,
  request: IncomingMessage,
  response: ServerResponse,
  application: SandboxApplication
): Promise<void> {
  const form = new URLSearchParams((await readBody(request, 4 * 1024)).toString("utf8"))
  const origin = request.headers.origin
  const own = [`http://${request.headers.host ?? ""}`, context.publicBase(request)]
  if (!origin || !own.includes(origin)) {
    throw new HttpError(403, "forbidden", "a status form is accepted from the sandbox's own pages only")
  }
  const parsed = StatusRequest.safeParse({ status: form.get("status") ?? undefined })
  if (!parsed.success) throw validationFailed("status form", issuesOf(parsed.error))
  context.engine.walkTo(application, parsed.data.status)
  redirect(response, "/sandbox/applications")
}

/** Sandbox-only endpoints for tests and demos: drive applications, inject faults, look at what arrived. */
export function controlRoutes(context: SandboxContext): Router {
  const { engine } = context
  const find = (publicId: string) => {
    const application = engine.get(publicId)
    if (!application) throw new HttpError(404, "not_found", `application ${publicId} was not found`)
    return application
  }

  return new Router()
    .add("GET", /^\/sandbox\/health$/, async (_request, response) => {
      sendJson(response, 200, { ok: true })
    })
    .add("GET", /^\/sandbox\/applications$/, async (request, response) => {
      if (wantsHtml(request)) {
        sendHtml(response, 200, applicationsPage(engine.all(), context.stores.size))
        return
      }
      const base = context.publicBase(request)
      sendJson(response, 200, { applications: engine.all().map((app) => controlView(app, base)) })
    })
    .add("GET", /^\/sandbox\/applications\/([^/]+)$/, async (request, response, [publicId]) => {
      sendJson(response, 200, { application: controlView(find(publicId), context.publicBase(request)) })
    })
    .add("POST", /^\/sandbox\/applications\/([^/]+)\/status$/, async (request, response, [publicId]) => {
      if (mediaType(request) === FORM) {
        await walkFromPage(context, request, response, find(publicId))
        return
      }
      const parsed = StatusRequest.safeParse(await readJson(request))
      if (!parsed.success) throw validationFailed("status request", issuesOf(parsed.error))
      const found = find(publicId)
      const application = engine.walkTo(found, parsed.data.status, signingTerms(found, parsed.data))
      sendJson(response, 200, { application: controlView(application, context.publicBase(request)) })
    })
    .add("POST", /^\/sandbox\/applications\/([^/]+)\/payment$/, async (request, response, [publicId]) => {
      const parsed = PaymentRequest.safeParse(await readJson(request))
      if (!parsed.success) throw validationFailed("payment request", issuesOf(parsed.error))
      const application = find(publicId)
      engine.setPaymentStatus(application, parsed.data.status)
      sendJson(response, 200, { application: controlView(application, context.publicBase(request)) })
    })
    .add(
      "GET",
      /^\/sandbox\/applications\/([^/]+)\/invoices\/(\d+)$/,
      async (_request, response, [publicId, index]) => {
        const invoice = find(publicId).invoices[Number(index)]
        if (!invoice) throw new HttpError(404, "not_found", `application ${publicId} has no invoice ${index}`)
        const content = Buffer.from(invoice.contentBase64, "base64")
        response.writeHead(200, {
          "Content-Type": invoice.contentType,
          "Content-Length": content.byteLength,
          "Content-Disposition": `attachment; filename="${invoice.filename.replace(/["\\\r\n]/g, "_")}"`,
        })
        response.end(content)
      }
    )
    .add("GET", /^\/sandbox\/carriers$/, async (_request, response) => {
      sendJson(response, 200, { carriers: carriersOf(context.options.carriers) })
    })
    .add("GET", /^\/sandbox\/faults$/, async (_request, response) => {
      sendJson(response, 200, context.faults)
    })
    .add("POST", /^\/sandbox\/faults$/, async (request, response) => {
      const parsed = FaultPatch.safeParse(await readJson(request))
      if (!parsed.success) throw validationFailed("fault settings", issuesOf(parsed.error))
      Object.assign(context.faults, parsed.data)
      sendJson(response, 200, context.faults)
    })
    .add("POST", /^\/sandbox\/tokens\/expire$/, async (request, response) => {
      request.resume()
      // ?store_code= expires one store's tokens: a retailer's other stores keep theirs.
      const storeCode = new URL(request.url ?? "/", "http://sandbox").searchParams.get("store_code")
      if (storeCode === null) context.tokens.expireAll()
      else if (!context.stores.has(storeCode))
        throw new HttpError(404, "not_found", `store ${storeCode} was not found`)
      else context.tokens.expireStore(storeCode)
      sendJson(response, 200, { expired: true, ...(storeCode !== null && { store_code: storeCode }) })
    })
    .add("POST", /^\/sandbox\/reset$/, async (request, response) => {
      request.resume()
      engine.reset()
      context.tokens.expireAll()
      sendJson(response, 200, { reset: true })
    })
}
