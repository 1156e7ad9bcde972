import { z } from "zod"
import {
  ApplicationInput,
  DeliveryInformation,
  OrderReferences,
  ReturnRequest,
  issuesOf,
} from "../../../lib/financing"
import { sendLarge } from "./support/http-helpers"
import {
  DEFAULT_CREDENTIALS,
  ErrorBody,
  Sandbox,
  TINY_PDF,
  application,
  expectError,
  expireTokens,
  launch,
  raw,
  tokenFor,
  walk,
} from "./support/sandbox"

/*
 * The sandbox's own validation, reached with raw HTTP because the client refuses these requests before
 * sending them. Every request-side limit of spec sections 2 and 8 is tried just inside (accepted) and just
 * outside (400 validation_failed naming the field under `errors`), then the protocol errors of docs/sandbox.md.
 */

let sandbox: Sandbox
let token: string

beforeAll(async () => {
  sandbox = await launch({ returnSettleMs: 60_000, invoiceApprovalMs: 60_000 })
  token = await tokenFor(sandbox)
})

afterAll(async () => {
  await sandbox?.close()
})

const post = (path: string, json: unknown) => raw(sandbox.url, "POST", path, { token, json })

async function signedPublicId(status = "Signed"): Promise<string> {
  const response = await post("/v2/applications", application())
  expect(response.status).toBe(200)
  const { publicId } = response.body as { publicId: string }
  await walk(sandbox, publicId, status)
  return publicId
}

/** A field-path key per issue of the client's own schema: the table's rows are checked against it. */
function schemaKeys(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body)
  return result.success ? [] : [...new Set(issuesOf(result.error).map((issue) => issue.path))]
}

interface Row {
  limit: string
  /** The body just inside the limit: accepted. */
  inside: unknown
  /** The body just outside: 400, with `key` the only field under `errors`. */
  outside: unknown
  key: string
}

const chars = (count: number, char = "a") => char.repeat(count)
/** An email address exactly `length` characters long. */
const emailOf = (length: number) => `${chars(length - "@example.com".length)}@example.com`
/** The birth date of someone turning 18 `daysFromToday` days from today (UTC). */
function eighteenthBirthdayIn(daysFromToday: number): string {
  const day = new Date(Date.now() + daysFromToday * 24 * 3600 * 1000)
  const birth = new Date(Date.UTC(day.getUTCFullYear() - 18, day.getUTCMonth(), day.getUTCDate()))
  // 29 February without a leap year 18 years back rolls to 1 March: still "not yet 18" for tomorrow.
  return birth.toISOString().slice(0, 10)
}

const app = (patch: Record<string, unknown>) => ({ ...application(), ...patch })
const address = (patch: Record<string, unknown>) => app({ address: { ...application().address, ...patch } })
const line = (patch: Record<string, unknown>) => {
  const [first, ...rest] = application().products
  return app({ products: [{ ...first, ...patch }, ...rest] })
}

// prettier-ignore
const applicationRows: Row[] = [
  { limit: "firstName 100/101", inside: app({ firstName: chars(100) }), outside: app({ firstName: chars(101) }), key: "firstName" },
  { limit: "firstName blank", inside: app({ firstName: "A" }), outside: app({ firstName: "  " }), key: "firstName" },
  { limit: "middleInitial 100/101", inside: app({ middleInitial: chars(100) }), outside: app({ middleInitial: chars(101) }), key: "middleInitial" },
  { limit: "lastName 100/101", inside: app({ lastName: chars(100) }), outside: app({ lastName: chars(101) }), key: "lastName" },
  { limit: "mobilePhone dashes", inside: app({ mobilePhone: "555-010-0199" }), outside: app({ mobilePhone: "555-0100199" }), key: "mobilePhone" },
  { limit: "mobilePhone digits", inside: app({ mobilePhone: "5550100199" }), outside: app({ mobilePhone: "555010019" }), key: "mobilePhone" },
  { limit: "mobilePhone punctuation", inside: app({ mobilePhone: "555-010-0199" }), outside: app({ mobilePhone: "(555) 010-0199" }), key: "mobilePhone" },
  { limit: "mobilePhone country code", inside: app({ mobilePhone: "5550100199" }), outside: app({ mobilePhone: "+15550100199" }), key: "mobilePhone" },
  { limit: "email 100/101", inside: app({ email: emailOf(100) }), outside: app({ email: emailOf(101) }), key: "email" },
  { limit: "dateOfBirth 18 today / tomorrow", inside: app({ dateOfBirth: eighteenthBirthdayIn(0) }), outside: app({ dateOfBirth: eighteenthBirthdayIn(1) }), key: "dateOfBirth" },
  { limit: "address.street 40/41", inside: address({ street: chars(40) }), outside: address({ street: chars(41) }), key: "address.street" },
  { limit: "address.street PO box", inside: address({ street: "12 Boxwood Lane" }), outside: address({ street: "PO Box 12" }), key: "address.street" },
  { limit: "address.street P.O. box", inside: address({ street: "9 Post Office Rd" }), outside: address({ street: "P.O. Box 77" }), key: "address.street" },
  { limit: "address.suiteApartment 5/6", inside: address({ suiteApartment: chars(5) }), outside: address({ suiteApartment: chars(6) }), key: "address.suiteApartment" },
  { limit: "address.city 25/26", inside: address({ city: chars(25) }), outside: address({ city: chars(26) }), key: "address.city" },
  { limit: "address.state case", inside: address({ state: "TX" }), outside: address({ state: "tx" }), key: "address.state" },
  { limit: "address.state real", inside: address({ state: "DC" }), outside: address({ state: "XX" }), key: "address.state" },
  { limit: "address.zipCode 5/6", inside: address({ zipCode: "02134" }), outside: address({ zipCode: "021345" }), key: "address.zipCode" },
  { limit: "address.zipCode 4 digits", inside: address({ zipCode: "02134" }), outside: address({ zipCode: "2134" }), key: "address.zipCode" },
  { limit: "products[].description 256/257", inside: line({ description: chars(256) }), outside: line({ description: chars(257) }), key: "products[0].description" },
  { limit: "products[].id 256/257", inside: line({ id: chars(256) }), outside: line({ id: chars(257) }), key: "products[0].id" },
  { limit: "products[].serialNumber 256/257", inside: line({ serialNumber: chars(256) }), outside: line({ serialNumber: chars(257) }), key: "products[0].serialNumber" },
  { limit: "products[].quantity > 0", inside: line({ quantity: 0.01 }), outside: line({ quantity: 0 }), key: "products[0].quantity" },
  { limit: "products[].quantity negative", inside: line({ quantity: 1 }), outside: line({ quantity: -1 }), key: "products[0].quantity" },
  { limit: "products[].value cents", inside: line({ value: 1199.99 }), outside: line({ value: 1199.995 }), key: "products[0].value" },
  { limit: "products not empty", inside: app({ products: [{ description: "Sofa", quantity: 1, value: 1 }] }), outside: app({ products: [] }), key: "products" },
  { limit: "redirectUrl http(s)", inside: app({ redirectUrl: "http://shop.example.com/r" }), outside: app({ redirectUrl: "javascript:alert(1)" }), key: "redirectUrl" },
]

const ret = (patch: Record<string, unknown>) => ({ returnType: 2, reason: "Damaged", ...patch })
// prettier-ignore
const returnRows: Row[] = [
  { limit: "agentName 100/101", inside: ret({ agentName: chars(100) }), outside: ret({ agentName: chars(101) }), key: "agentName" },
  { limit: "email 100/101", inside: ret({ email: emailOf(100) }), outside: ret({ email: emailOf(101) }), key: "email" },
  { limit: "phone pattern", inside: ret({ phone: "555-010-0199" }), outside: ret({ phone: "555 010 0199" }), key: "phone" },
  { limit: "reason 500/501", inside: ret({ reason: chars(500) }), outside: ret({ reason: chars(501) }), key: "reason" },
  { limit: "returnType 1/2/4", inside: ret({ returnType: 1 }), outside: ret({ returnType: 3 }), key: "returnType" },
  { limit: "Partial needs amount", inside: ret({ returnType: 4, amount: 10 }), outside: ret({ returnType: 4 }), key: "amount" },
  { limit: "amount cents", inside: ret({ returnType: 4, amount: 0.01 }), outside: ret({ returnType: 4, amount: 10.001 }), key: "amount" },
]

const deliveryBase = { address: "1 Main St", city: "Austin", state: "TX", zip: "78701" }
const del = (patch: Record<string, unknown>) => ({ ...deliveryBase, ...patch })
// prettier-ignore
const deliveryRows: Row[] = [
  { limit: "address 50/51", inside: del({ address: chars(50) }), outside: del({ address: chars(51) }), key: "address" },
  { limit: "address required", inside: del({ address: "1" }), outside: { ...deliveryBase, address: undefined }, key: "address" },
  { limit: "address2 50/51", inside: del({ address2: chars(50) }), outside: del({ address2: chars(51) }), key: "address2" },
  { limit: "city 50/51", inside: del({ city: chars(50) }), outside: del({ city: chars(51) }), key: "city" },
  { limit: "state 2/3", inside: del({ state: "TX" }), outside: del({ state: "TXX" }), key: "state" },
  { limit: "zip 5/6", inside: del({ zip: "78701" }), outside: del({ zip: "787011" }), key: "zip" },
  { limit: "method", inside: del({ method: "Direct" }), outside: del({ method: "Pickup" }), key: "method" },
  { limit: "carrier token", inside: del({ carrier: "NationalPost" }), outside: del({ carrier: "national post" }), key: "carrier" },
]

// prettier-ignore
const orderRows: Row[] = [
  { limit: "orders not empty", inside: { orders: ["1001"] }, outside: { orders: [] }, key: "orders" },
  { limit: "order not blank", inside: { orders: ["1001"] }, outside: { orders: [" "] }, key: "orders[0]" },
]

describe("the table itself agrees with the client's schemas", () => {
  it.each([
    ["application", ApplicationInput, applicationRows],
    ["return request", ReturnRequest, returnRows],
    ["delivery information", DeliveryInformation, deliveryRows],
    ["order references", OrderReferences, orderRows],
  ] as const)("%s rows", (_name, schema, rows) => {
    for (const row of rows) {
      expect({ limit: row.limit, keys: schemaKeys(schema, row.inside) }).toEqual({
        limit: row.limit,
        keys: [],
      })
      expect({ limit: row.limit, keys: schemaKeys(schema, row.outside) }).toEqual({
        limit: row.limit,
        keys: [row.key],
      })
    }
  })
})

/** 400 validation_failed with `key` the only field under `errors`. */
function expectRefused(response: Awaited<ReturnType<typeof raw>>, key: string): void {
  const body = expectError(response, 400, "validation_failed")
  expect(Object.keys(body.errors ?? {})).toEqual([key])
  expect(body.errors![key].length).toBeGreaterThan(0)
  for (const message of body.errors![key]) expect(message).toMatch(/\S/)
}

/** Refused as above, with the very rules the client's schema names (docs/sandbox.md: the same zod schemas). */
function expectRefusedLike(response: Awaited<ReturnType<typeof raw>>, schema: z.ZodType, row: Row): void {
  expectRefused(response, row.key)
  const result = schema.safeParse(row.outside)
  const messages = result.success ? [] : issuesOf(result.error).map((issue) => issue.message)
  expect((response.body as ErrorBody).errors![row.key]).toEqual(messages)
}

describe("application (spec 2.2)", () => {
  it.each(applicationRows.map((row) => [row.limit, row] as const))(
    "%s: inside is accepted",
    async (_l, row) => {
      const response = await post("/v2/applications", row.inside)
      expect({ status: response.status, body: response.body }).toEqual({
        status: 200,
        body: expect.objectContaining({ publicId: expect.any(String), link: expect.any(String) }),
      })
    }
  )

  it.each(applicationRows.map((row) => [row.limit, row] as const))(
    "%s: outside is refused",
    async (_l, row) => {
      expectRefusedLike(await post("/v2/applications", row.outside), ApplicationInput, row)
    }
  )

  it("refuses an unknown field (requests are strict)", async () => {
    expectError(await post("/v2/applications", app({ firstname: "typo" })), 400, "validation_failed")
  })

  it("creates nothing for a refused application", async () => {
    const before = (await raw(sandbox.url, "GET", "/sandbox/applications")).body as {
      applications: unknown[]
    }
    await post("/v2/applications", app({ firstName: chars(101) }))
    const after = (await raw(sandbox.url, "GET", "/sandbox/applications")).body as { applications: unknown[] }
    expect(after.applications).toHaveLength(before.applications.length)
  })
})

describe("return request (spec 2.6)", () => {
  let signed: string

  beforeAll(async () => {
    signed = await signedPublicId()
  })

  it.each(returnRows.map((row) => [row.limit, row] as const))("%s: inside is accepted", async (_l, row) => {
    // An accepted return leaves the application PendingReturn, so each needs its own.
    const publicId = await signedPublicId()
    const response = await post(`/v2/applications/${publicId}/requestreturn`, row.inside)
    expect({ status: response.status, text: response.text }).toEqual({ status: 204, text: "" })
  })

  it.each(returnRows.map((row) => [row.limit, row] as const))("%s: outside is refused", async (_l, row) => {
    expectRefusedLike(await post(`/v2/applications/${signed}/requestreturn`, row.outside), ReturnRequest, row)
  })
})

describe("delivery information (spec 2.7)", () => {
  let signed: string

  beforeAll(async () => {
    signed = await signedPublicId()
  })

  it.each(deliveryRows.map((row) => [row.limit, row] as const))("%s: inside is accepted", async (_l, row) => {
    const response = await post(`/v2/applications/${signed}/deliveryinformation`, row.inside)
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { status: "Delivery information created" },
    })
  })

  it.each(deliveryRows.map((row) => [row.limit, row] as const))("%s: outside is refused", async (_l, row) => {
    expectRefusedLike(
      await post(`/v2/applications/${signed}/deliveryinformation`, row.outside),
      DeliveryInformation,
      row
    )
  })

  it("checks carriers against the list given as `carriers`", async () => {
    const listed = await launch({ carriers: ["Ups", "Fedex"] })
    try {
      const listedToken = await tokenFor(listed)
      const created = await raw(listed.url, "POST", "/v2/applications", {
        token: listedToken,
        json: application(),
      })
      const { publicId } = created.body as { publicId: string }
      await walk(listed, publicId, "Signed")
      const path = `/v2/applications/${publicId}/deliveryinformation`

      const known = await raw(listed.url, "POST", path, {
        token: listedToken,
        json: del({ carrier: "Fedex" }),
      })
      expect(known.body).toEqual({ status: "Delivery information created" })
      const unknown = await raw(listed.url, "POST", path, {
        token: listedToken,
        json: del({ carrier: "Dhl" }),
      })
      expectRefused(unknown, "carrier")
    } finally {
      await listed.close()
    }
  })
})

describe("order references (spec 2.8)", () => {
  let signed: string

  beforeAll(async () => {
    signed = await signedPublicId()
  })

  it.each(orderRows.map((row) => [row.limit, row] as const))("%s: inside is accepted", async (_l, row) => {
    const response = await post(`/v2/applications/${signed}/orders`, row.inside)
    expect({ status: response.status, text: response.text }).toEqual({ status: 204, text: "" })
  })

  it.each(orderRows.map((row) => [row.limit, row] as const))("%s: outside is refused", async (_l, row) => {
    expectRefusedLike(await post(`/v2/applications/${signed}/orders`, row.outside), OrderReferences, row)
  })
})

describe("path parameters and the Callback-Url header", () => {
  const calculator = (amount: string) => `/v2/calculator/store/SANDBOX/amount/${amount}/lowestPaymentOption`

  // prettier-ignore
  it.each([
    ["a financed amount with a fraction of a cent", "POST", calculator("10.005"), "financedAmount"],
    ["a financed amount that is not a number", "POST", calculator("ten"), "financedAmount"],
    ["a financed amount of 0", "POST", calculator("0"), "financedAmount"],
    ["a phone outside both patterns", "GET", "/v2/applications/phone/555-01-99/status", "phone"],
    ["a date that does not exist", "GET", "/v2/applications/from/SANDBOX/at/2025-02-30", "date"],
    ["a date in another format", "GET", "/v2/applications/from/SANDBOX/at/21-11-2026", "date"],
  ])("refuses %s with 400 validation_failed naming the parameter", async (_name, method, path, key) => {
    const response = await raw(sandbox.url, method, path, { token, contentType: "application/json" })
    expectRefused(response, key)
  })

  it("refuses a Callback-Url that is not an http(s) URL with 400 validation_failed naming the header", async () => {
    const response = await raw(sandbox.url, "POST", "/v2/applications", {
      token,
      json: application(),
      headers: { "callback-url": "javascript:alert(1)" },
    })
    expectRefused(response, "Callback-Url")
  })
})

describe("invoice files (spec 2.9)", () => {
  const upload = async (publicId: string, filename: string, content: Buffer, type = "application/pdf") => {
    const form = new FormData()
    form.append("file", new Blob([new Uint8Array(content)], { type }), filename)
    return raw(sandbox.url, "POST", `/v2/applications/${publicId}/uploadinvoice`, { token, body: form })
  }

  it("accepts a PDF", async () => {
    const publicId = await signedPublicId("SignedWaitingForInvoice")
    const response = await upload(publicId, "INV-1.pdf", TINY_PDF)
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { status: expect.any(String) },
    })
  })

  it.each([
    ["a type the spec does not list", "INV-1.exe", TINY_PDF],
    [
      "a PDF name on PNG bytes",
      "INV-1.pdf",
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
    ],
    ["an empty file", "INV-1.pdf", Buffer.alloc(0)],
  ])("refuses %s with 400 validation_failed", async (_name, filename, content) => {
    const publicId = await signedPublicId("SignedWaitingForInvoice")
    expectError(await upload(publicId, filename, content), 400, "validation_failed")
  })

  it("refuses a form without the part 'file' with 400 validation_failed", async () => {
    const publicId = await signedPublicId("SignedWaitingForInvoice")
    const form = new FormData()
    form.append("document", new Blob([new Uint8Array(TINY_PDF)], { type: "application/pdf" }), "INV-1.pdf")
    const response = await raw(sandbox.url, "POST", `/v2/applications/${publicId}/uploadinvoice`, {
      token,
      body: form,
    })
    expectError(response, 400, "validation_failed")
  })

  const MIB = 1024 * 1024
  const pdfOfSize = (size: number) => {
    const content = Buffer.alloc(size, 0x20)
    TINY_PDF.copy(content)
    return content
  }

  it("accepts a file of exactly 10 MiB (the client's own maximum)", async () => {
    const publicId = await signedPublicId("SignedWaitingForInvoice")
    const response = await upload(publicId, "INV-big.pdf", pdfOfSize(10 * MIB))
    expect(response.status).toBe(200)
  })

  it("refuses a file over 10 MiB with 413 payload_too_large", async () => {
    const publicId = await signedPublicId("SignedWaitingForInvoice")
    const form = new FormData()
    form.append(
      "file",
      new Blob([new Uint8Array(pdfOfSize(10 * MIB + 1))], { type: "application/pdf" }),
      "x.pdf"
    )
    const encoded = new Response(form)
    const body = Buffer.from(await encoded.arrayBuffer())
    const response = await sendLarge(
      sandbox.url,
      `/v2/applications/${publicId}/uploadinvoice`,
      { authorization: `Bearer ${token}`, "content-type": encoded.headers.get("content-type")! },
      body
    )
    expect(response.status).toBe(413)
    expect(JSON.parse(response.text)).toEqual(
      expect.objectContaining({ status: 413, code: "payload_too_large" })
    )
  })
})

describe("a bad request is never a 5xx", () => {
  // prettier-ignore
  it.each([
    ["/v2/applications", "null"],
    ["/v2/applications", "[]"],
    ["/v2/applications", '"text"'],
    ["/v2/applications", "42"],
    ["/v2/applications", '{"products": null}'],
    ["/v2/applications/{id}/requestreturn", "[]"],
    ["/v2/applications/{id}/deliveryinformation", "null"],
    ["/v2/applications/{id}/orders", '{"orders": "1001"}'],
  ])("POST %s with the JSON body %s is 400 validation_failed", async (template, body) => {
    const publicId = await signedPublicId()
    const response = await raw(sandbox.url, "POST", template.replace("{id}", publicId), {
      token,
      body,
      contentType: "application/json",
    })
    expectError(response, 400, "validation_failed")
  })

  it("a malformed percent-escape in a path is 400, not a 5xx", async () => {
    const response = await raw(sandbox.url, "GET", "/v2/applications/%E0%A4%A/status", { token })
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: expect.objectContaining({ status: 400, code: expect.any(String), message: expect.any(String) }),
    })
  })
})

describe("protocol errors", () => {
  it.each([
    ["/v2/applications"],
    ["/v2/applications/{id}/requestreturn"],
    ["/v2/applications/{id}/deliveryinformation"],
    ["/v2/applications/{id}/orders"],
  ])("malformed JSON to %s is 400 malformed_json", async (template) => {
    const publicId = await signedPublicId()
    const response = await raw(sandbox.url, "POST", template.replace("{id}", publicId), {
      token,
      body: '{"firstName": "Ada", ',
      contentType: "application/json",
    })
    expectError(response, 400, "malformed_json")
  })

  it.each([
    ["POST", "/v2/applications", "text/plain", JSON.stringify(application())],
    ["POST", "/v2/applications", "application/x-www-form-urlencoded", "firstName=Ada"],
    ["POST", "/v2/applications/{id}/orders", "text/plain", '{"orders":["1"]}'],
    ["POST", "/v2/applications/{id}/uploadinvoice", "application/json", '{"file":"x"}'],
    ["POST", "/v2/token", "application/json", JSON.stringify(DEFAULT_CREDENTIALS)],
  ])("%s %s with Content-Type %s is 415 unsupported_media_type", async (method, template, type, body) => {
    const publicId = await signedPublicId()
    const response = await raw(sandbox.url, method, template.replace("{id}", publicId), {
      token,
      body,
      contentType: type,
    })
    expectError(response, 415, "unsupported_media_type")
  })

  describe("JSON bodies up to 1 MiB", () => {
    const MIB = 1024 * 1024
    /** A valid application padded with trailing whitespace (still valid JSON) to exactly `size` bytes. */
    const paddedTo = (size: number) => {
      const json = JSON.stringify(application())
      return Buffer.from(json + " ".repeat(size - Buffer.byteLength(json)))
    }

    it("accepts exactly 1 MiB", async () => {
      const response = await sendLarge(
        sandbox.url,
        "/v2/applications",
        { authorization: `Bearer ${token}`, "content-type": "application/json" },
        paddedTo(MIB)
      )
      expect(response.status).toBe(200)
    })

    it("refuses 1 MiB + 1 byte with 413 payload_too_large", async () => {
      const response = await sendLarge(
        sandbox.url,
        "/v2/applications",
        { authorization: `Bearer ${token}`, "content-type": "application/json" },
        paddedTo(MIB + 1)
      )
      expect(response.status).toBe(413)
      expect(JSON.parse(response.text)).toEqual(
        expect.objectContaining({ status: 413, code: "payload_too_large", message: expect.any(String) })
      )
    })
  })

  it.each([
    ["GET", "/v2/no-such-endpoint"],
    ["POST", "/v2/applications/x/y/z"],
    ["GET", "/no-such-page"],
    ["GET", "/v1/returnreasons"],
  ])("%s %s is 404 not_found, as JSON", async (method, path) => {
    expectError(await raw(sandbox.url, method, path, { token }), 404, "not_found")
  })

  it.each([
    ["GET", "/v2/applications"],
    ["GET", "/v2/token"],
    ["DELETE", "/v2/applications/{id}/status"],
    ["PUT", "/v2/financingpartners"],
    ["GET", "/v2/applications/{id}/orders"],
    ["GET", "/v2/calculator/store/SANDBOX/amount/100.00/lowestPaymentOption"],
  ])("%s %s is 405 method_not_allowed", async (method, template) => {
    const publicId = await signedPublicId()
    const response = await raw(sandbox.url, method, template.replace("{id}", publicId), { token })
    expectError(response, 405, "method_not_allowed")
  })

  it("answers the calculator without a token", async () => {
    const response = await raw(
      sandbox.url,
      "POST",
      "/v2/calculator/store/SANDBOX/amount/1300.33/lowestPaymentOption",
      {
        contentType: "application/json",
      }
    )
    expect(response.status).toBe(200)
    expect(response.body).toEqual(expect.objectContaining({ minMonthlyPayment: expect.any(Number) }))
  })
})

describe("authentication: 401 on every authenticated endpoint", () => {
  let authSandbox: Sandbox
  let valid: string
  let expired: string
  let signed: string
  let returnable: string
  let waitingForInvoice: string

  beforeAll(async () => {
    authSandbox = await launch()
    expired = await tokenFor(authSandbox)
    const create = async (status: string, mobilePhone: string) => {
      const created = await raw(authSandbox.url, "POST", "/v2/applications", {
        token: expired,
        json: application({ mobilePhone }),
      })
      const { publicId } = created.body as { publicId: string }
      await walk(authSandbox, publicId, status)
      return publicId
    }
    signed = await create("Signed", "555-444-0101")
    returnable = await create("Signed", "555-444-0103")
    waitingForInvoice = await create("SignedWaitingForInvoice", "555-444-0102")
    await expireTokens(authSandbox)
    valid = await tokenFor(authSandbox)
  })

  afterAll(async () => {
    await authSandbox?.close()
  })

  /** Each authenticated endpoint (3 to 12) with a request that is otherwise valid. */
  // prettier-ignore
  const endpoints: [string, string, () => string, () => RequestInitLike][] = [
    ["3 create", "POST", () => "/v2/applications", () => ({ json: application() })],
    ["4 status", "GET", () => `/v2/applications/${signed}/status`, () => ({})],
    ["5 by phone", "GET", () => "/v2/applications/phone/5554440101/status", () => ({})],
    ["6 list", "GET", () => `/v2/applications/from/SANDBOX/at/${new Date().toISOString().slice(0, 10)}`, () => ({})],
    ["7 return", "POST", () => `/v2/applications/${returnable}/requestreturn`, () => ({ json: { returnType: 2 } })],
    ["8 invoice", "POST", () => `/v2/applications/${waitingForInvoice}/uploadinvoice`, () => ({ body: pdfForm() })],
    ["9 delivery", "POST", () => `/v2/applications/${signed}/deliveryinformation`, () => ({ json: deliveryBase })],
    ["10 orders", "POST", () => `/v2/applications/${signed}/orders`, () => ({ json: { orders: ["1"] } })],
    ["11 partners", "GET", () => "/v2/financingpartners", () => ({})],
    ["12 return reasons", "GET", () => "/v2/returnreasons", () => ({})],
  ]

  type RequestInitLike = { json?: unknown; body?: FormData }
  const pdfForm = () => {
    const form = new FormData()
    form.append("file", new Blob([new Uint8Array(TINY_PDF)], { type: "application/pdf" }), "INV-1.pdf")
    return form
  }

  const send = (method: string, path: string, init: RequestInitLike, headers: Record<string, string>) =>
    raw(authSandbox.url, method, path, {
      ...init,
      headers,
      contentType: init.json === undefined && init.body === undefined ? "application/json" : undefined,
    })

  /** The signature with one character in its middle changed (not the last: it may hold only padding bits). */
  const signatureChanged = (token: string) => {
    const at = token.lastIndexOf(".") + 5
    return token.slice(0, at) + (token[at] === "A" ? "B" : "A") + token.slice(at + 1)
  }
  /** The token's claims rewritten (when it is a JWT: its life extended by a day), its signature kept. */
  const claimsChanged = (token: string) => {
    const [header, payload, signature] = token.split(".")
    let claims: Record<string, unknown>
    try {
      claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8")) as Record<string, unknown>
    } catch {
      claims = {}
    }
    const forged = { ...claims, exp: Math.floor(Date.now() / 1000) + 86_400, forged: true }
    return [header, Buffer.from(JSON.stringify(forged)).toString("base64url"), signature].join(".")
  }

  const credentials: [string, () => Record<string, string>][] = [
    ["no Authorization header", () => ({})],
    ["a forged token (signature changed)", () => ({ authorization: `Bearer ${signatureChanged(valid)}` })],
    ["a forged token (claims changed)", () => ({ authorization: `Bearer ${claimsChanged(valid)}` })],
    ["a made-up token", () => ({ authorization: "Bearer not-a-token" })],
    ["a valid token without the Bearer scheme", () => ({ authorization: valid })],
    ["an expired token", () => ({ authorization: `Bearer ${expired}` })],
  ]

  describe.each(credentials)("with %s", (_name, headers) => {
    it.each(endpoints)("endpoint %s is 401 unauthorized", async (_endpoint, method, path, init) => {
      expectError(await send(method, path(), init(), headers()), 401, "unauthorized")
    })
  })

  it.each(endpoints)("endpoint %s accepts the fresh token", async (_endpoint, method, path, init) => {
    const response = await send(method, path(), init(), { authorization: `Bearer ${valid}` })
    expect(response.status).toBeGreaterThanOrEqual(200)
    expect(response.status).toBeLessThan(300)
  })
})
