import {
  APPLICATION_STATUSES,
  FinancingAuthenticationError,
  FinancingClient,
  FinancingConflictError,
  FinancingNotFoundError,
  PAYMENT_STATUSES,
  hasAtMostTwoDecimals,
} from "../../../lib/financing"
import {
  CART_TOTAL,
  DEFAULT_CREDENTIALS,
  OTHER_CREDENTIALS,
  Sandbox,
  TINY_PDF,
  application,
  clientFor,
  controlApplication,
  controlApplications,
  expectError,
  holds,
  launch,
  raw,
  rejectionOf,
  sha256,
  todayUtc,
  tokenFor,
  waitFor,
  walk,
  walkRaw,
} from "./support/sandbox"

/*
 * The real FinancingClient against the sandbox over real HTTP: every one of the spec's 12 endpoints, and the
 * behaviour docs/sandbox.md promises for each. The control endpoints stand in for the
 * shopper and the financing company.
 */

const INVOICE_APPROVAL_MS = 150

let sandbox: Sandbox
let client: FinancingClient
let otherClient: FinancingClient

beforeAll(async () => {
  sandbox = await launch({
    credentials: [DEFAULT_CREDENTIALS, OTHER_CREDENTIALS],
    invoiceApprovalMs: INVOICE_APPROVAL_MS,
    // Long enough that no return settles while this file runs; settling has its own sandbox below.
    returnSettleMs: 60_000,
  })
  client = clientFor(sandbox)
  otherClient = clientFor(sandbox, OTHER_CREDENTIALS)
})

afterAll(async () => {
  await sandbox?.close()
})

async function created(overrides: Parameters<typeof application>[0] = {}, callbackUrl?: string) {
  const input = application(overrides)
  const result = await client.createApplication(input, callbackUrl === undefined ? {} : { callbackUrl })
  return { input, ...result }
}

async function signedApplication(status = "Signed") {
  const app = await created()
  await walk(sandbox, app.publicId, status)
  return app
}

const cents = (amount: number) => Math.round(amount * 100)

describe("endpoint 1: token", () => {
  it("issues a token for the default credentials", async () => {
    const token = await client.getToken()
    expect(token).toEqual(expect.any(String))
    expect(token.length).toBeGreaterThan(0)
  })

  it("refuses wrong credentials with 401 unauthorized, which the client reports as FinancingAuthenticationError", async () => {
    const wrong = clientFor(sandbox, { username: "sandbox", password: "not-the-password" })
    const error = await rejectionOf(wrong.getToken())
    expect(error).toBeInstanceOf(FinancingAuthenticationError)
    expect((error as FinancingAuthenticationError).status).toBe(401)

    const response = await raw(sandbox.url, "POST", "/v2/token", {
      body: new URLSearchParams({ username: "sandbox", password: "not-the-password" }),
      contentType: "application/x-www-form-urlencoded",
    })
    expectError(response, 401, "unauthorized")
  })
})

describe("endpoint 2: lowest payment option", () => {
  it.each([250, 1300.33, 4999.99])("quotes plausible figures for %p", async (amount) => {
    const [offer, partners] = await Promise.all([
      client.lowestPaymentOption("SANDBOX", amount),
      client.listFinancingPartners(),
    ])

    expect(partners.map((partner) => partner.code)).toContain(offer.financingPartnerCode)
    expect(Number.isInteger(offer.financePeriod)).toBe(true)
    expect(offer.financePeriod).toBeGreaterThan(0)
    expect(offer.minMonthlyPayment).toBeGreaterThan(0)
    // Paying the lowest instalment for the whole period covers at least the amount financed.
    expect(offer.minMonthlyPayment * offer.financePeriod).toBeGreaterThanOrEqual(amount)
    expect(offer.maxMonthlyPayment).toBeGreaterThanOrEqual(offer.minMonthlyPayment)
    expect(hasAtMostTwoDecimals(offer.minMonthlyPayment)).toBe(true)
    expect(hasAtMostTwoDecimals(offer.maxMonthlyPayment)).toBe(true)
    expect(offer.earlyBuyoutOptions.length).toBeGreaterThan(0)
    for (const option of offer.earlyBuyoutOptions) {
      expect(Number.isInteger(option.month)).toBe(true)
      expect(option.month).toBeGreaterThan(0)
      expect(option.month).toBeLessThanOrEqual(offer.financePeriod)
      expect(option.earlyBuyoutPayment).toBeGreaterThan(0)
      expect(option.savingsPercentage).toBeGreaterThanOrEqual(0)
      expect(option.savingsPercentage).toBeLessThanOrEqual(100)
    }
    const months = offer.earlyBuyoutOptions.map((option) => option.month)
    expect(months).toEqual([...months].sort((a, b) => a - b))
  })

  it("asks more a month for a larger amount", async () => {
    const small = await client.lowestPaymentOption("SANDBOX", 300)
    const large = await client.lowestPaymentOption("SANDBOX", 3000)
    expect(large.minMonthlyPayment).toBeGreaterThan(small.minMonthlyPayment)
  })

  it("answers 404 for an unknown store: FinancingNotFoundError", async () => {
    const error = await rejectionOf(client.lowestPaymentOption("NO-SUCH-STORE", 500))
    expect(error).toBeInstanceOf(FinancingNotFoundError)
  })
})

describe("endpoints 3 and 4: create an application and read its status", () => {
  it("creates a Pending application whose status has the nulls of spec 2.4", async () => {
    const app = await created()

    expect(app.publicId).toEqual(expect.any(String))
    expect(app.link).toBe(`${sandbox.url}/apply/${encodeURIComponent(app.publicId)}`)

    const status = await client.getApplicationStatus(app.publicId)
    expect(status).toEqual({
      publicId: app.publicId,
      applicationId: expect.any(Number),
      status: "Pending",
      phone: expect.any(String),
      approvalAmount: null,
      borrowedAmount: null,
      invoiceAmount: null,
      totalInStorePayment: null,
      financingPartnerCode: null,
      financingPartnerName: null,
      financingPartnerDisplayName: null,
      paymentInfo: null,
    })
    expect(Number.isInteger(status.applicationId)).toBe(true)
    expect(status.phone.replace(/\D/g, "")).toBe(app.input.mobilePhone.replace(/\D/g, ""))
  })

  it("records the application as received, with its link and without a callback URL when none was given", async () => {
    const app = await created()
    const status = await client.getApplicationStatus(app.publicId)

    const recorded = await controlApplication(sandbox, app.publicId)
    expect(recorded).toEqual(
      expect.objectContaining({
        publicId: app.publicId,
        applicationId: status.applicationId,
        storeCode: "SANDBOX",
        status: "Pending",
        input: app.input,
        link: app.link,
        callbackUrl: null,
        callbacks: [],
        invoices: [],
        deliveries: [],
        orderReferences: [],
        returnRequests: [],
      })
    )
    expect(recorded.statusHistory).toEqual([{ status: "Pending", at: expect.any(String) }])
    expect(Date.parse(recorded.createdAt)).not.toBeNaN()
  })

  it("records the Callback-Url header", async () => {
    const callbackUrl = "http://127.0.0.1:9/hooks/retail-financing?proof=abc"
    const app = await created({}, callbackUrl)
    expect((await controlApplication(sandbox, app.publicId)).callbackUrl).toBe(callbackUrl)
  })

  it("gives every application its own public id and application id", async () => {
    const [a, b] = await Promise.all([created(), created()])
    expect(a.publicId).not.toBe(b.publicId)
    const [statusA, statusB] = await Promise.all([
      client.getApplicationStatus(a.publicId),
      client.getApplicationStatus(b.publicId),
    ])
    expect(statusA.applicationId).not.toBe(statusB.applicationId)
  })

  it("answers 404 for an unknown public id: FinancingNotFoundError", async () => {
    await expect(client.getApplicationStatus("no-such-application")).rejects.toBeInstanceOf(
      FinancingNotFoundError
    )
  })

  it("answers 404 to another store's token, revealing nothing: FinancingNotFoundError", async () => {
    const app = await created()
    const error = await rejectionOf(otherClient.getApplicationStatus(app.publicId))
    expect(error).toBeInstanceOf(FinancingNotFoundError)
    expect((error as FinancingNotFoundError).status).toBe(404)
  })

  it("refuses a reused referenceNumber with 409: FinancingConflictError, and keeps one application", async () => {
    const referenceNumber = "INV-REUSED-1"
    const first = await created({ referenceNumber })

    const error = await rejectionOf(client.createApplication(application({ referenceNumber })))
    expect(error).toBeInstanceOf(FinancingConflictError)

    const withReference = (await controlApplications(sandbox)).filter(
      (recorded) => recorded.input.referenceNumber === referenceNumber
    )
    expect(withReference.map((recorded) => recorded.publicId)).toEqual([first.publicId])
  })

  it("serves links under publicUrl when one is given", async () => {
    const proxied = await launch({ publicUrl: "https://sandbox.example.test/base" })
    try {
      const result = await clientFor(proxied).createApplication(application())
      expect(result.link).toBe(
        `https://sandbox.example.test/base/apply/${encodeURIComponent(result.publicId)}`
      )
    } finally {
      await proxied.close()
    }
  })
})

describe("endpoint 5: status by phone", () => {
  it("finds the application written either way, without paymentInfo", async () => {
    const phone = "555-777-0123"
    const app = await created({ mobilePhone: phone })

    const dashed = await client.getApplicationStatusByPhone("555-777-0123")
    const digits = await client.getApplicationStatusByPhone("5557770123")
    expect(dashed.publicId).toBe(app.publicId)
    expect(digits.publicId).toBe(app.publicId)
    expect(digits.status).toBe("Pending")

    const token = await tokenFor(sandbox)
    const response = await raw(sandbox.url, "GET", "/v2/applications/phone/5557770123/status", { token })
    expect(response.status).toBe(200)
    expect(response.body).toEqual(expect.objectContaining({ publicId: app.publicId }))
    expect(response.body).not.toHaveProperty("paymentInfo")
  })

  it("answers 404 when no application has the phone", async () => {
    await expect(client.getApplicationStatusByPhone("555-999-0000")).rejects.toBeInstanceOf(
      FinancingNotFoundError
    )
  })
})

describe("endpoint 6: applications of a store on a day", () => {
  it("lists today's (UTC) applications of the store, and nothing for yesterday", async () => {
    const app = await created()

    const today = await client.listApplications("SANDBOX", todayUtc())
    expect(today.map((status) => status.publicId)).toContain(app.publicId)
    expect(today.find((status) => status.publicId === app.publicId)).toEqual(
      expect.objectContaining({ status: "Pending", paymentInfo: null })
    )

    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10)
    const before = await client.listApplications("SANDBOX", yesterday)
    expect(before.map((status) => status.publicId)).not.toContain(app.publicId)
  })

  it("keeps each store's applications to itself", async () => {
    const app = await created()
    const mine = await otherClient.createApplication(application({ storeCode: "OTHER" }))

    const otherList = await otherClient.listApplications("OTHER", todayUtc())
    expect(otherList.map((status) => status.publicId)).toContain(mine.publicId)
    expect(otherList.map((status) => status.publicId)).not.toContain(app.publicId)
  })

  it("refuses another store's list with 403: FinancingAuthenticationError", async () => {
    const error = await rejectionOf(client.listApplications("OTHER", todayUtc()))
    expect(error).toBeInstanceOf(FinancingAuthenticationError)
    expect((error as FinancingAuthenticationError).status).toBe(403)
  })
})

describe("endpoint 7: return request", () => {
  it("answers 204, moves the application to PendingReturn, and refuses a second one while it is pending", async () => {
    const app = await signedApplication()
    const token = await tokenFor(sandbox)
    const request = {
      returnType: 2,
      reason: "Customer changed their mind",
      returnReasonPublicId: "not-needed",
    }

    const response = await raw(sandbox.url, "POST", `/v2/applications/${app.publicId}/requestreturn`, {
      token,
      json: request,
    })
    expect(response.status).toBe(204)
    expect(response.text).toBe("")

    expect((await client.getApplicationStatus(app.publicId)).status).toBe("PendingReturn")

    const second = await rejectionOf(
      client.requestReturn(app.publicId, { returnType: 4, amount: 10, reason: "Scratch" })
    )
    expect(second).toBeInstanceOf(FinancingConflictError)
    expect((await client.getApplicationStatus(app.publicId)).status).toBe("PendingReturn")

    const recorded = await controlApplication(sandbox, app.publicId)
    expect(recorded.returnRequests).toHaveLength(1)
    expect(holds(recorded.returnRequests[0], request)).toBe(true)
  })

  it("refuses a return on an unsigned application with 409: FinancingConflictError", async () => {
    const app = await created()
    const error = await rejectionOf(client.requestReturn(app.publicId, { returnType: 2 }))
    expect(error).toBeInstanceOf(FinancingConflictError)
    expect((await client.getApplicationStatus(app.publicId)).status).toBe("Pending")
    expect((await controlApplication(sandbox, app.publicId)).returnRequests).toEqual([])
  })

  describe("settling after returnSettleMs", () => {
    let fast: Sandbox
    let fastClient: FinancingClient

    beforeAll(async () => {
      fast = await launch({ returnSettleMs: 100 })
      fastClient = clientFor(fast)
    })

    afterAll(async () => {
      await fast?.close()
    })

    it.each([
      { returnType: 2, amount: undefined, settled: "Returned" },
      { returnType: 4, amount: 25.5, settled: "Signed" },
      { returnType: 1, amount: undefined, settled: "Signed" },
    ] as const)("returnType $returnType settles to $settled", async ({ returnType, amount, settled }) => {
      const { publicId } = await fastClient.createApplication(application())
      await walk(fast, publicId, "Signed")

      await fastClient.requestReturn(publicId, amount === undefined ? { returnType } : { returnType, amount })
      expect((await fastClient.getApplicationStatus(publicId)).status).toBe("PendingReturn")

      const status = await waitFor(`${publicId} to settle`, async () => {
        const { status } = await fastClient.getApplicationStatus(publicId)
        return status === "PendingReturn" ? undefined : status
      })
      expect(status).toBe(settled)
    })
  })
})

describe("endpoint 8: invoice upload", () => {
  it("records a real PDF and approves it: SignedWaitingForInvoice → SignedWaitingForInvoiceApproval → Signed", async () => {
    const app = await signedApplication("SignedWaitingForInvoice")
    expect((await client.getApplicationStatus(app.publicId)).status).toBe("SignedWaitingForInvoice")

    const uploadedAt = Date.now()
    const result = await client.uploadInvoice(app.publicId, { filename: "INV-1001.pdf", content: TINY_PDF })
    expect(result.status).toEqual(expect.any(String))
    expect((await client.getApplicationStatus(app.publicId)).status).toBe("SignedWaitingForInvoiceApproval")

    const recorded = await controlApplication(sandbox, app.publicId)
    expect(recorded.invoices).toEqual([
      expect.objectContaining({
        filename: "INV-1001.pdf",
        contentType: "application/pdf",
        size: TINY_PDF.length,
        sha256: sha256(TINY_PDF),
        receivedAt: expect.any(String),
      }),
    ])

    await waitFor("the invoice to be approved", async () => {
      const { status } = await client.getApplicationStatus(app.publicId)
      return status === "Signed" ? status : undefined
    })
    // Setting a timer never fires early; allow a millisecond of clock rounding.
    expect(Date.now() - uploadedAt).toBeGreaterThanOrEqual(INVOICE_APPROVAL_MS - 1)
    const history = (await controlApplication(sandbox, app.publicId)).statusHistory.map((step) => step.status)
    expect(history.slice(-3)).toEqual([
      "SignedWaitingForInvoice",
      "SignedWaitingForInvoiceApproval",
      "Signed",
    ])
  })
})

describe("endpoint 9: delivery information", () => {
  const delivery = {
    method: "Shipped" as const,
    carrier: "NationalPost",
    trackingNumber: "1Z999AA10123456784",
    address: "1 Main St",
    address2: "Suite 4B",
    city: "Austin",
    state: "TX",
    zip: "78701",
  }

  it("reports an unknown application through the status text", async () => {
    const result = await client.addDeliveryInformation("no-such-application", delivery)
    expect(result).toEqual({ status: "Application not found", outcome: "application_not_found" })
  })

  it("reports an unsigned application through the status text and records nothing", async () => {
    const app = await created()
    const result = await client.addDeliveryInformation(app.publicId, delivery)
    expect(result).toEqual({ status: "The application doesn't have a contract", outcome: "no_contract" })
    expect((await controlApplication(sandbox, app.publicId)).deliveries).toEqual([])
  })

  it.each(["SignedWaitingForInvoice", "Signed"])("creates it on a %s application", async (status) => {
    const app = await signedApplication(status)
    const result = await client.addDeliveryInformation(app.publicId, delivery)
    expect(result).toEqual({ status: "Delivery information created", outcome: "created" })

    const recorded = await controlApplication(sandbox, app.publicId)
    expect(recorded.deliveries).toHaveLength(1)
    expect(holds(recorded.deliveries[0], delivery)).toBe(true)
  })
})

describe("endpoint 10: order references", () => {
  it("refuses them on an unsigned application with 409: FinancingConflictError", async () => {
    const app = await created()
    const error = await rejectionOf(client.addOrderReferences(app.publicId, ["1001"]))
    expect(error).toBeInstanceOf(FinancingConflictError)
    expect((await controlApplication(sandbox, app.publicId)).orderReferences).toEqual([])
  })

  it("keeps them as a set on a signed application, answering 204", async () => {
    const app = await signedApplication()

    await client.addOrderReferences(app.publicId, ["1001", "order_01J"])
    await client.addOrderReferences(app.publicId, ["order_01J", "1002"])
    const token = await tokenFor(sandbox)
    const response = await raw(sandbox.url, "POST", `/v2/applications/${app.publicId}/orders`, {
      token,
      json: { orders: ["1001", "1001"] },
    })
    expect(response.status).toBe(204)
    expect(response.text).toBe("")

    const recorded = await controlApplication(sandbox, app.publicId)
    expect([...recorded.orderReferences].sort()).toEqual(["1001", "1002", "order_01J"])
  })

  it("accepts them on a SignedWaitingForInvoice application (a signed contract)", async () => {
    const app = await signedApplication("SignedWaitingForInvoice")
    await client.addOrderReferences(app.publicId, ["2001"])
    expect((await controlApplication(sandbox, app.publicId)).orderReferences).toEqual(["2001"])
  })
})

describe("endpoints 11 and 12: financing partners and return reasons", () => {
  it("lists the store's two partners, SANDLEASE first", async () => {
    const partners = await client.listFinancingPartners()
    expect(partners.map((partner) => partner.code)).toEqual(["SANDLEASE", "SANDCREDIT"])
    expect([partners[0].name, partners[0].displayName]).toContain("Sandbox Lease")
    expect([partners[1].name, partners[1].displayName]).toContain("Sandbox Credit")
    for (const partner of partners) {
      for (const field of ["name", "displayName", "street", "city", "state", "zipCode", "phone"] as const) {
        expect(partner[field].trim()).not.toBe("")
      }
      expect(partner.state).toMatch(/^[A-Z]{2}$/)
      expect(partner.zipCode).toMatch(/^\d{5}$/)
    }
  })

  it("lists another store's partners to that store", async () => {
    const partners = await otherClient.listFinancingPartners()
    expect(partners).toHaveLength(2)
  })

  it("lists the five return reasons", async () => {
    const reasons = await client.listReturnReasons()
    expect(reasons.map((reason) => reason.publicId).sort()).toEqual(
      ["damaged", "wrong-item", "not-needed", "price", "other"].sort()
    )
    for (const reason of reasons) expect(reason.description.trim()).not.toBe("")
  })
})

describe("statuses and contract figures", () => {
  it("fills approvalAmount once Approved, with no contract figures yet", async () => {
    const app = await created()
    await walk(sandbox, app.publicId, "Approved")

    const status = await client.getApplicationStatus(app.publicId)
    expect(status.status).toBe("Approved")
    expect(status.approvalAmount).toEqual(expect.any(Number))
    expect(status.approvalAmount!).toBeGreaterThan(0)
    expect(status).toEqual(
      expect.objectContaining({
        borrowedAmount: null,
        invoiceAmount: null,
        totalInStorePayment: null,
        financingPartnerCode: null,
      })
    )
  })

  it.each(["SignedWaitingForInvoice", "Signed"])(
    "shows the contract figures once %s: invoiceAmount is the cart total to the cent",
    async (signedStatus) => {
      const app = await signedApplication(signedStatus)
      const [status, partners] = await Promise.all([
        client.getApplicationStatus(app.publicId),
        client.listFinancingPartners(),
      ])

      expect(status.status).toBe(signedStatus)
      expect(status.invoiceAmount).toBe(CART_TOTAL)
      expect(status.approvalAmount).toEqual(expect.any(Number))
      expect(status.totalInStorePayment).toEqual(expect.any(Number))
      expect(status.borrowedAmount).toEqual(expect.any(Number))
      for (const amount of [status.totalInStorePayment!, status.borrowedAmount!]) {
        expect(hasAtMostTwoDecimals(amount)).toBe(true)
        expect(amount).toBeGreaterThanOrEqual(0)
      }
      expect(cents(status.borrowedAmount!)).toBe(cents(CART_TOTAL) - cents(status.totalInStorePayment!))
      expect(status).toEqual(
        expect.objectContaining({
          financingPartnerCode: partners[0].code,
          financingPartnerName: partners[0].name,
          financingPartnerDisplayName: partners[0].displayName,
          paymentInfo: null,
        })
      )
    }
  )

  it("fills paymentInfo once Funded, with the transfer id under one spelling on both reads", async () => {
    const app = await signedApplication()
    await walk(sandbox, app.publicId, "Funded")

    const status = await client.getApplicationStatus(app.publicId)
    expect(status.status).toBe("Funded")
    expect(status.paymentInfo).toEqual({
      transferId: expect.stringMatching(/\S/),
      wireReferenceId: expect.stringMatching(/\S/),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
      amount: expect.any(Number),
      status: expect.any(String),
    })
    expect(PAYMENT_STATUSES).toContain(status.paymentInfo!.status)
    expect(status.paymentInfo!.amount).toBeGreaterThan(0)
    expect(status.invoiceAmount).toBe(CART_TOTAL)

    const listed = (await client.listApplications("SANDBOX", todayUtc())).find(
      (entry) => entry.publicId === app.publicId
    )
    expect(listed?.paymentInfo?.transferId).toBe(status.paymentInfo!.transferId)

    const token = await tokenFor(sandbox)
    const response = await raw(sandbox.url, "GET", `/v2/applications/${app.publicId}/status`, { token })
    const paymentInfo = (response.body as { paymentInfo: Record<string, unknown> }).paymentInfo
    expect(paymentInfo.transferId ?? paymentInfo.transferID).toBe(status.paymentInfo!.transferId)
  })

  it("keeps a Declined application from being signed (409) and leaves approvalAmount null", async () => {
    const app = await created()
    await walk(sandbox, app.publicId, "Declined")

    const response = await walkRaw(sandbox, app.publicId, "Signed")
    expectError(response, 409, "conflict")

    const status = await client.getApplicationStatus(app.publicId)
    expect(status.status).toBe("Declined")
    expect(status.approvalAmount).toBeNull()
    expect(status.invoiceAmount).toBeNull()
  })

  it("leaves approvalAmount null for an Ineligible application", async () => {
    const app = await created()
    await walk(sandbox, app.publicId, "Ineligible")
    const status = await client.getApplicationStatus(app.publicId)
    expect(status.status).toBe("Ineligible")
    expect(status.approvalAmount).toBeNull()
  })

  it("answers only statuses of spec section 3 in the control view's history", async () => {
    const app = await signedApplication()
    const recorded = await controlApplication(sandbox, app.publicId)
    const history = recorded.statusHistory.map((step) => step.status)
    expect(history[0]).toBe("Pending")
    expect(history[history.length - 1]).toBe("Signed")
    for (const status of history) expect(APPLICATION_STATUSES).toContain(status)
  })
})

describe("the hosted page (the link)", () => {
  it("shows the customer, the cart lines (as text, escaped) and the total, with the three buttons", async () => {
    const app = await created({
      firstName: "Grace",
      lastName: "Hopper",
      products: [
        { description: 'Lamp <script>alert("x")</script>', quantity: 1, value: 1250.34 },
        { description: "Shipping & handling", quantity: 1, value: 49.99 },
      ],
    })

    const page = await fetch(app.link)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain("Grace")
    expect(html).toContain("Hopper")
    expect(html).toContain("Lamp")
    expect(html).not.toContain('<script>alert("x")</script>')
    expect(html).toContain("Shipping")
    expect(html).toMatch(/1,?300\.33/)
    for (const action of ["sign", "decline", "cancel"]) {
      expect(html).toContain(`/apply/${app.publicId}/${action}`)
    }
  })

  async function press(publicId: string, action: string) {
    return raw(sandbox.url, "POST", `/apply/${encodeURIComponent(publicId)}/${action}`, {
      body: "",
      contentType: "application/x-www-form-urlencoded",
      headers: { accept: "text/html" },
    })
  }

  it("Approve and sign: SignedWaitingForInvoice, then 303 to redirectUrl", async () => {
    const app = await created()
    const response = await press(app.publicId, "sign")
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe(app.input.redirectUrl)
    expect((await client.getApplicationStatus(app.publicId)).status).toBe("SignedWaitingForInvoice")
  })

  it("Decline: Declined, then 303 to cancelUrl", async () => {
    const app = await created()
    const response = await press(app.publicId, "decline")
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe(app.input.cancelUrl)
    expect((await client.getApplicationStatus(app.publicId)).status).toBe("Declined")
  })

  it("Cancel: still unsigned, then 303 to cancelUrl", async () => {
    const app = await created()
    const response = await press(app.publicId, "cancel")
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe(app.input.cancelUrl)
    expect((await client.getApplicationStatus(app.publicId)).status).toBe("Pending")
  })

  it.each(["decline", "cancel"])("%s without a cancelUrl goes to redirectUrl", async (action) => {
    const app = await created({ cancelUrl: undefined })
    const response = await press(app.publicId, action)
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe(app.input.redirectUrl)
  })
})
