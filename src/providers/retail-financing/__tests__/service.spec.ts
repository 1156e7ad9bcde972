import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"

import { FinancingClient } from "../../../lib/financing/client"
import { RetailFinancingProviderService } from "../service"

const mockGetApplicationStatus = jest.fn()

jest.mock("../../../lib/financing/client", () => ({
  FinancingClient: jest.fn().mockImplementation(() => ({ getApplicationStatus: mockGetApplicationStatus })),
}))

const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() } as unknown as Logger

const options = {
  baseUrl: "https://financing.example.com",
  username: "store-user",
  password: "store-password",
  storeCode: "STORE-1",
  timeoutMs: 4000,
  maxRetries: 1,
}

function provider(): RetailFinancingProviderService {
  return new RetailFinancingProviderService({ logger }, options)
}

function applicationIs(status: string): void {
  mockGetApplicationStatus.mockResolvedValue({ publicId: "app_1", status })
}

async function rejection(promise: Promise<unknown>): Promise<MedusaError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  if (error instanceof MedusaError) return error
  throw new Error(`expected a MedusaError, got ${String(error)}`)
}

beforeEach(() => {
  jest.mocked(FinancingClient).mockClear()
  mockGetApplicationStatus.mockReset()
})

describe("RetailFinancingProviderService", () => {
  it("is registered under the identifier the manifest and medusa-config use", () => {
    expect(RetailFinancingProviderService.identifier).toBe("retail-financing")
    expect(provider().getIdentifier()).toBe("retail-financing")
  })

  it("refuses to construct with invalid options", () => {
    expect(() => new RetailFinancingProviderService({ logger }, { ...options, baseUrl: "nope" })).toThrow(
      /"baseUrl"/
    )
  })

  it("creates the financing client on first use only, once", async () => {
    const service = provider()
    expect(FinancingClient).not.toHaveBeenCalled()

    applicationIs("Pending")
    await service.getPaymentStatus({ data: { publicId: "app_1" } })
    await service.getPaymentStatus({ data: { publicId: "app_1" } })

    expect(FinancingClient).toHaveBeenCalledTimes(1)
    expect(FinancingClient).toHaveBeenCalledWith({
      baseUrl: options.baseUrl,
      username: options.username,
      password: options.password,
      timeoutMs: 4000,
      maxRetries: 1,
      logger,
    })
  })

  describe("reading the application status", () => {
    it("authorizes a signed contract and records the service's status in the session data", async () => {
      applicationIs("Signed")

      const result = await provider().authorizePayment({ data: { publicId: "app_1", cartId: "cart_1" } })

      expect(mockGetApplicationStatus).toHaveBeenCalledWith("app_1")
      expect(result).toEqual({
        status: "authorized",
        data: { publicId: "app_1", cartId: "cart_1", applicationStatus: "Signed" },
      })
    })

    it("does not authorize an application the shopper has not signed", async () => {
      applicationIs("Approved")

      expect(await provider().authorizePayment({ data: { publicId: "app_1" } })).toMatchObject({
        status: "requires_more",
      })
    })

    it("retrieves the payment with its current status", async () => {
      applicationIs("Funded")

      expect(await provider().retrievePayment({ data: { publicId: "app_1" } })).toEqual({
        data: { publicId: "app_1", applicationStatus: "Funded" },
      })
    })

    it.each([undefined, {}, { publicId: "" }, { publicId: 42 }])("rejects session data %p", async (data) => {
      const error = await rejection(provider().getPaymentStatus({ data }))

      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(mockGetApplicationStatus).not.toHaveBeenCalled()
    })

    it("lets the client's error through unchanged, keeping its status and cause", async () => {
      const failure = new Error("service unavailable")
      mockGetApplicationStatus.mockRejectedValue(failure)

      await expect(provider().authorizePayment({ data: { publicId: "app_1" } })).rejects.toBe(failure)
    })
  })

  describe("capturePayment", () => {
    it.each(["Signed", "Funded", "Returned"])("captures when the service reports %s", async (status) => {
      applicationIs(status)

      expect(await provider().capturePayment({ data: { publicId: "app_1" } })).toEqual({
        data: { publicId: "app_1", applicationStatus: status },
      })
    })

    it.each(["Declined", "Expired", "Pending"])("refuses when the service reports %s", async (status) => {
      applicationIs(status)

      const error = await rejection(provider().capturePayment({ data: { publicId: "app_1" } }))

      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(error.message).toContain(status)
    })
  })

  it("refuses to start a session from client data", async () => {
    const error = await rejection(provider().initiatePayment({ amount: 100, currency_code: "usd", data: {} }))

    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(/server-side/)
  })

  it("refuses refunds rather than recording one the lender never saw", async () => {
    const error = await rejection(provider().refundPayment({ amount: 10, data: { publicId: "app_1" } }))

    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
  })

  it.each(["cancelPayment", "deletePayment"] as const)(
    "%s returns the data without calling the service",
    async (method) => {
      const data = { publicId: "app_1" }

      expect(await provider()[method]({ data })).toEqual({ data })
      expect(FinancingClient).not.toHaveBeenCalled()
    }
  )

  it("leaves status callbacks to the plugin's own route", async () => {
    const payload = { data: {}, rawData: "", headers: {} }

    expect(await provider().getWebhookActionAndData(payload)).toEqual({ action: "not_supported" })
  })
})
