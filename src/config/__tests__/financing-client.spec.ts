import { FinancingClientOptions, FinancingValidationError } from "../../lib/financing"
import { ScriptedService } from "../../lib/financing/__tests__/support/scripted-service"
import { fakeJwt, rejectionOf, scriptTokens } from "../../lib/financing/__tests__/support/fixtures"
import { clientOptionsOf, sharedFinancingClient } from "../financing-client"
import { type RetailFinancingOptionsInput, parseOptions } from "../options"
import { PluginConfig } from "../plugin-config"

const MiB = 1024 * 1024

const required = {
  username: "store-user",
  password: "p@ssw0rd-value-never-shown",
  storeCode: "STORE-1",
  backendUrl: "https://api.shop.example.com",
  callbackSecret: "callback-secret-never-shown-0123456789",
} satisfies Partial<RetailFinancingOptionsInput>

/** A PDF (by its signature) of exactly `size` bytes. */
function pdfOfSize(size: number): Uint8Array {
  const content = new Uint8Array(size).fill(0x20)
  content.set(Buffer.from("%PDF-1.4\n", "latin1"))
  return content
}

const delivery = { address: "1 Main St", city: "Austin", state: "TX", zip: "78701" }

describe("the financing client made from the plugin's options", () => {
  let service: ScriptedService

  beforeEach(async () => {
    service = await ScriptedService.start()
    scriptTokens(service, fakeJwt())
  })

  afterEach(async () => {
    await service.close()
  })

  const clientFor = (options: Partial<RetailFinancingOptionsInput> = {}) =>
    sharedFinancingClient(parseOptions({ ...required, baseUrl: service.url, ...options }))
  const apiRequests = () => service.requests.filter((request) => request.path !== "/v2/token")

  describe("invoiceMaxBytes", () => {
    it("is the client's invoice limit: with 20 MiB, a 12 MiB invoice is sent", async () => {
      service.on("POST", "/v2/applications/pub-1/uploadinvoice", { json: { status: "Invoice uploaded" } })
      const client = clientFor({ invoiceMaxBytes: 20 * MiB })

      const result = await client.uploadInvoice("pub-1", {
        filename: "invoice.pdf",
        content: pdfOfSize(12 * MiB),
      })

      expect(result).toEqual({ status: "Invoice uploaded" })
      const [upload] = apiRequests()
      expect(upload?.path).toBe("/v2/applications/pub-1/uploadinvoice")
      expect(upload?.body.length).toBeGreaterThan(12 * MiB)
    })

    it("is also the limit below the default: with 2 MiB, a 3 MiB invoice is refused before anything is sent", async () => {
      const client = clientFor({ invoiceMaxBytes: 2 * MiB })

      const error = await rejectionOf(
        client.uploadInvoice("pub-1", { filename: "invoice.pdf", content: pdfOfSize(3 * MiB) })
      )

      expect(error).toBeInstanceOf(FinancingValidationError)
      expect(error.message).toContain(`must be at most ${2 * MiB} bytes`)
      expect(service.requests).toHaveLength(0)
    })
  })

  describe("carriers", () => {
    it("is the client's carrier list: a code outside it is refused before anything is sent", async () => {
      const client = clientFor({ carriers: ["NationalPost", "ExpressCourier"] })

      const error = await rejectionOf(
        client.addDeliveryInformation("pub-1", { ...delivery, carrier: "SomeOtherCarrier" })
      )

      expect(error).toBeInstanceOf(FinancingValidationError)
      expect((error as FinancingValidationError).issues.map((issue) => issue.path)).toEqual(["carrier"])
      expect(service.requests).toHaveLength(0)
    })

    it("lets a listed code through", async () => {
      service.on("POST", "/v2/applications/pub-1/deliveryinformation", {
        json: { status: "Delivery information created" },
      })
      const client = clientFor({ carriers: ["NationalPost", "ExpressCourier"] })

      await client.addDeliveryInformation("pub-1", { ...delivery, carrier: "ExpressCourier" })

      expect(apiRequests()[0]?.json()).toMatchObject({ carrier: "ExpressCourier" })
    })

    it("when not set (its default, an empty list), lets any well-formed code through", async () => {
      service.on("POST", "/v2/applications/pub-1/deliveryinformation", {
        json: { status: "Delivery information created" },
      })

      await clientFor().addDeliveryInformation("pub-1", { ...delivery, carrier: "SomeOtherCarrier" })

      expect(apiRequests()[0]?.json()).toMatchObject({ carrier: "SomeOtherCarrier" })
    })
  })
})

describe("clientOptionsOf", () => {
  const options = parseOptions({
    ...required,
    baseUrl: "https://financing.example.com",
    timeoutMs: 3_000,
    maxRetries: 4,
    invoiceMaxBytes: 20 * MiB,
    carriers: ["NationalPost"],
    carrierMap: { manual_manual: "NationalPost" },
  })

  it("gives the client every option it takes but its internal delays and logger", () => {
    const internals = [
      "tokenRefreshMarginMs",
      "retryBaseDelayMs",
      "retryMaxDelayMs",
      "maxRetryAfterMs",
      "logger",
    ]
    const forwarded = Object.keys(FinancingClientOptions.shape).filter((name) => !internals.includes(name))

    expect(Object.keys(clientOptionsOf(options)).sort()).toEqual(forwarded.sort())
  })

  it("maps each from the plugin option that holds it", () => {
    expect(clientOptionsOf(options)).toEqual({
      baseUrl: "https://financing.example.com",
      username: required.username,
      password: required.password,
      timeoutMs: 3_000,
      maxRetries: 4,
      maxInvoiceBytes: 20 * MiB,
      carriers: ["NationalPost"],
    })
  })
})

describe("sharedFinancingClient", () => {
  const base = { ...required, baseUrl: "https://financing.example.com" }

  it("is one client (one token) for the same options, even from two options objects", () => {
    expect(sharedFinancingClient(parseOptions({ ...base }))).toBe(
      sharedFinancingClient(parseOptions({ ...base }))
    )
  })

  it.each<[string, Partial<RetailFinancingOptionsInput>]>([
    ["baseUrl", { baseUrl: "https://other.example.com" }],
    ["username", { username: "other-user" }],
    ["password", { password: "other-password" }],
    ["timeoutMs", { timeoutMs: 3_000 }],
    ["maxRetries", { maxRetries: 0 }],
    ["invoiceMaxBytes", { invoiceMaxBytes: 20 * MiB }],
    ["carriers", { carriers: ["NationalPost"] }],
  ])("is another client when %s differs", (_name, change) => {
    expect(sharedFinancingClient(parseOptions({ ...base, ...change }))).not.toBe(
      sharedFinancingClient(parseOptions({ ...base }))
    )
  })

  it("is the same client when only options the client does not read differ", () => {
    expect(sharedFinancingClient(parseOptions({ ...base, storeName: "Another name" }))).toBe(
      sharedFinancingClient(parseOptions({ ...base }))
    )
  })

  it("is one client per set of credentials: a location without its own shares the top-level client", () => {
    const config = new PluginConfig({
      ...base,
      locations: [
        { storeCode: "STORE-EAST", salesChannelIds: ["sc_east"] },
        {
          storeCode: "STORE-WEST",
          username: "west",
          password: "west-password",
          salesChannelIds: ["sc_west"],
        },
      ],
    })
    expect(config.client("STORE-EAST")).toBe(config.client())
    expect(config.client("STORE-WEST")).not.toBe(config.client())
    expect(config.client("STORE-WEST")).toBe(
      sharedFinancingClient(config.options, undefined, {
        username: "west",
        password: "west-password",
      })
    )
  })
})
