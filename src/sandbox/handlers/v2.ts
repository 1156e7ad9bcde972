import type { IncomingMessage } from "node:http"
import {
  ApplicationInput,
  CalendarDate,
  DeliveryInformation,
  OrderReferences,
  Phone,
  PositiveMoney,
  ReturnRequest,
  type ApplicationStatus,
  type ApplicationStatusByPhone,
  DELIVERY_STATUS_TEXTS,
  DEFAULT_MAX_INVOICE_BYTES,
  HttpUrl,
  invoiceFileIssues,
} from "../../lib/financing/schemas"
import { ENDPOINTS } from "../../lib/financing/endpoints"
import { issuesOf } from "../../lib/financing/validation"
import type { SandboxContext } from "../context"
import {
  HttpError,
  JSON_BODY_LIMIT,
  readBody,
  readJson,
  requireMediaType,
  sendJson,
  sendNoContent,
  validationFailed,
} from "../http"
import type { SandboxApplication } from "../records"
import { RETURN_REASONS } from "../seed"
import { carriersOf } from "../carriers"
import { lowestPaymentOption } from "../calculator"
import { Router } from "../router"
import type { z } from "zod"

/** Invoices may be up to 10 MiB; the multipart envelope adds a little. */
const UPLOAD_BODY_LIMIT = DEFAULT_MAX_INVOICE_BYTES + 64 * 1024

function parse<S extends z.ZodType>(schema: S, value: unknown, subject: string): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationFailed(subject, issuesOf(result.error))
  return result.data
}

/** A path parameter or header: its errors are filed under its own name, not under the body. */
function parseField<S extends z.ZodType>(schema: S, value: unknown, name: string): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    throw validationFailed(
      name,
      issuesOf(result.error).map((issue) => ({ ...issue, path: issue.path ? `${name}.${issue.path}` : name }))
    )
  }
  return result.data
}

/** The store of a valid bearer token (spec 5.2), or 401. */
function authenticate(context: SandboxContext, request: IncomingMessage): string {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")
  const storeCode = match ? context.tokens.verify(match[1]) : undefined
  if (!storeCode) throw new HttpError(401, "unauthorized", "a valid bearer token is required")
  return storeCode
}

/** Spec 2.4, as the by-id endpoint answers it. */
export function statusView(application: SandboxApplication): ApplicationStatus {
  const { funding } = application
  return {
    ...phoneStatusView(application),
    paymentInfo: funding && {
      transferId: funding.transferId,
      wireReferenceId: funding.wireReferenceId,
      date: funding.startedAt.slice(0, 10),
      amount: funding.amount,
      status: funding.status,
    },
  }
}

/** Spec 2.4 without paymentInfo, as the by-phone endpoint answers it. */
function phoneStatusView(application: SandboxApplication): ApplicationStatusByPhone {
  const { contract } = application
  return {
    publicId: application.publicId,
    applicationId: application.applicationId,
    status: application.status,
    phone: application.input.mobilePhone,
    // Nothing was approved for a declined application; the spec's two statements agree on that much.
    approvalAmount: application.status === "Declined" ? null : contract.approvalAmount,
    borrowedAmount: contract.borrowedAmount,
    invoiceAmount: contract.invoiceAmount,
    totalInStorePayment: contract.totalInStorePayment,
    financingPartnerCode: contract.financingPartnerCode,
    financingPartnerName: contract.financingPartnerName,
    financingPartnerDisplayName: contract.financingPartnerDisplayName,
  }
}

/** Spec 2.4, list style: paymentInfo spells transferID and dates the start with a time. */
function listView(application: SandboxApplication) {
  const { funding } = application
  return {
    ...phoneStatusView(application),
    paymentInfo: funding && {
      transferID: funding.transferId,
      wireReferenceId: funding.wireReferenceId,
      date: funding.startedAt,
      amount: funding.amount,
      status: funding.status,
    },
  }
}

export function v2Routes(context: SandboxContext): Router {
  const { engine } = context
  const router = new Router()

  router.serve(ENDPOINTS.token, async (request, response) => {
    requireMediaType(request, "application/x-www-form-urlencoded")
    const form = new URLSearchParams((await readBody(request, JSON_BODY_LIMIT)).toString("utf8"))
    const username = form.get("username")
    const password = form.get("password")
    const issues = [
      ...(username ? [] : [{ path: "username", message: "is required" }]),
      ...(password ? [] : [{ path: "password", message: "is required" }]),
    ]
    if (issues.length > 0) throw validationFailed("token request", issues)
    const store = [...context.stores.values()].find(
      (candidate) => candidate.username === username && candidate.password === password
    )
    if (!store) throw new HttpError(401, "unauthorized", "the username or password is wrong")
    sendJson(response, 200, { jwt: context.tokens.issue(store.storeCode) })
  })

  router.serve(ENDPOINTS.lowestPaymentOption, async (request, response, [storeCode, amountText]) => {
    if (!context.stores.has(storeCode))
      throw new HttpError(404, "not_found", `store ${storeCode} was not found`)
    const amount = /^-?\d+(\.\d+)?$/.test(amountText) ? Number(amountText) : Number.NaN
    parseField(PositiveMoney, amount, "financedAmount")
    request.resume()
    sendJson(response, 200, lowestPaymentOption(storeCode, amount, context.partnersOf(storeCode)))
  })

  router.serve(ENDPOINTS.createApplication, async (request, response) => {
    const storeCode = authenticate(context, request)
    const input = parse(ApplicationInput, await readJson(request), "application")
    if (input.storeCode !== storeCode) {
      throw new HttpError(403, "forbidden", "the token's store may only create applications for itself")
    }
    const callbackHeader = request.headers["callback-url"]
    const callbackUrl =
      typeof callbackHeader === "string" ? parseField(HttpUrl, callbackHeader, "Callback-Url") : null
    const application = engine.create(storeCode, input, callbackUrl)
    sendJson(response, 200, {
      publicId: application.publicId,
      link: `${context.publicBase(request)}/apply/${application.publicId}`,
    })
  })

  router.serve(ENDPOINTS.applicationStatusByPhone, async (request, response, [phone]) => {
    const storeCode = authenticate(context, request)
    const application = engine.latestByPhone(storeCode, parseField(Phone, phone, "phone"))
    if (!application) throw new HttpError(404, "not_found", "no application was found for that phone")
    sendJson(response, 200, phoneStatusView(application))
  })

  router.serve(ENDPOINTS.listApplications, async (request, response, [code, date]) => {
    const storeCode = authenticate(context, request)
    if (code !== storeCode)
      throw new HttpError(403, "forbidden", "the token's store may only list its own applications")
    const day = parseField(CalendarDate, date, "date")
    sendJson(response, 200, engine.createdOn(storeCode, day).map(listView))
  })

  router.serve(ENDPOINTS.applicationStatus, async (request, response, [publicId]) => {
    const storeCode = authenticate(context, request)
    sendJson(response, 200, statusView(engine.getForStore(storeCode, publicId)))
  })

  router.serve(ENDPOINTS.requestReturn, async (request, response, [publicId]) => {
    const storeCode = authenticate(context, request)
    const body = parse(ReturnRequest, await readJson(request), "return request")
    engine.requestReturn(engine.getForStore(storeCode, publicId), body)
    sendNoContent(response)
  })

  router.serve(ENDPOINTS.uploadInvoice, async (request, response, [publicId]) => {
    const storeCode = authenticate(context, request)
    const application = engine.getForStore(storeCode, publicId)
    requireMediaType(request, "multipart/form-data")
    const body = await readBody(request, UPLOAD_BODY_LIMIT)
    const file = await filePart(request, body)
    const content = Buffer.from(await file.arrayBuffer())
    if (content.byteLength > DEFAULT_MAX_INVOICE_BYTES) {
      throw new HttpError(
        413,
        "payload_too_large",
        `the file must be at most ${DEFAULT_MAX_INVOICE_BYTES} bytes`
      )
    }
    const issues = invoiceFileIssues({ filename: file.name, content })
    if (issues.length > 0) throw validationFailed("invoice file", issues)
    engine.addInvoice(application, {
      filename: file.name,
      contentType: file.type || "application/octet-stream",
      content,
    })
    sendJson(response, 200, { status: "Invoice uploaded" })
  })

  router.serve(ENDPOINTS.deliveryInformation, async (request, response, [publicId]) => {
    const storeCode = authenticate(context, request)
    const delivery = parse(DeliveryInformation, await readJson(request), "delivery information")
    // The real service refuses any code outside its closed list, so the sandbox always checks one.
    if (delivery.carrier !== undefined && !carriersOf(context.options.carriers).includes(delivery.carrier)) {
      throw validationFailed("delivery information", [
        { path: "carrier", message: "is not in the carrier list (GET /sandbox/carriers)" },
      ])
    }
    // Spec 2.10 and 7: these outcomes are status texts of a success answer, not error codes.
    const application = engine.get(publicId)
    if (!application || application.storeCode !== storeCode) {
      sendJson(response, 200, { status: DELIVERY_STATUS_TEXTS.applicationNotFound })
      return
    }
    const created = engine.addDelivery(application, delivery)
    sendJson(response, 200, {
      status: created ? DELIVERY_STATUS_TEXTS.created : DELIVERY_STATUS_TEXTS.noContract,
    })
  })

  router.serve(ENDPOINTS.orderReferences, async (request, response, [publicId]) => {
    const storeCode = authenticate(context, request)
    const { orders } = parse(OrderReferences, await readJson(request), "order references")
    engine.addOrderReferences(engine.getForStore(storeCode, publicId), orders)
    sendNoContent(response)
  })

  router.serve(ENDPOINTS.financingPartners, async (request, response) => {
    sendJson(response, 200, context.partnersOf(authenticate(context, request)))
  })

  router.serve(ENDPOINTS.returnReasons, async (request, response) => {
    authenticate(context, request)
    sendJson(response, 200, RETURN_REASONS)
  })

  return router
}

/** The multipart part named `file` (spec 2.9), read with Node's own form-data parser. */
async function filePart(request: IncomingMessage, body: Buffer): Promise<File> {
  let form: FormData
  try {
    form = await new Request("http://sandbox.invalid/", {
      method: "POST",
      headers: { "content-type": request.headers["content-type"] ?? "" },
      body,
    }).formData()
  } catch {
    throw new HttpError(400, "malformed_multipart", "the body is not a valid multipart/form-data message")
  }
  const file = form.get("file")
  if (!(file instanceof File))
    throw validationFailed("invoice upload", [{ path: "file", message: "is required" }])
  return file
}
