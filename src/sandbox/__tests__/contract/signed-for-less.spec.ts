import { FinancingClient, hasAtMostTwoDecimals } from "../../../lib/financing"
import {
  CART_TOTAL,
  ControlApplication,
  Sandbox,
  application,
  clientFor,
  controlApplication,
  expectError,
  launch,
  raw,
  walk,
} from "./support/sandbox"

/*
 * The control endpoint's `invoiceAmount` (docs/sandbox.md "Control and fault endpoints"): a contract signed
 * for less than was applied for, as a lender's hosted page may let the shopper finance less. Read back with
 * the real FinancingClient, as the plugin reads it.
 */

let sandbox: Sandbox
let client: FinancingClient

beforeAll(async () => {
  sandbox = await launch({ returnSettleMs: 60_000 })
  client = clientFor(sandbox)
})

afterAll(async () => {
  await sandbox?.close()
})

const cents = (amount: number) => Math.round(amount * 100)

async function created(): Promise<string> {
  return (await client.createApplication(application())).publicId
}

/** POST /sandbox/applications/{publicId}/status with any body. */
const walkWith = (publicId: string, body: unknown) =>
  raw(sandbox.url, "POST", `/sandbox/applications/${encodeURIComponent(publicId)}/status`, { json: body })

async function signedFor(publicId: string, status: string, invoiceAmount: number) {
  const response = await walkWith(publicId, { status, invoiceAmount })
  expect({ status: response.status, body: response.body }).toEqual({
    status: 200,
    body: { application: expect.objectContaining({ publicId, status }) },
  })
  return (response.body as { application: ControlApplication }).application
}

describe("POST /sandbox/applications/{publicId}/status with invoiceAmount", () => {
  it("signs the contract for that amount, with in-store payment and borrowed amount adding up to it in cents", async () => {
    const publicId = await created()
    await signedFor(publicId, "SignedWaitingForInvoice", 1000.01)

    const status = await client.getApplicationStatus(publicId)
    expect(status.status).toBe("SignedWaitingForInvoice")
    expect(status.invoiceAmount).toBe(1000.01)
    // The sandbox's own rule, applied to the invoice: 10 % in store, at most 100.00.
    expect(status.totalInStorePayment).toBe(100)
    expect(status.borrowedAmount).toBe(900.01)
    expect(status.financingPartnerCode).toEqual(expect.any(String))
  })

  it.each([0.01, 12.34, 999.99, 1300.33])(
    "keeps the figures exact in cents for %s",
    async (invoiceAmount) => {
      const publicId = await created()
      await signedFor(publicId, "Signed", invoiceAmount)

      const status = await client.getApplicationStatus(publicId)
      expect(status.invoiceAmount).toBe(invoiceAmount)
      for (const amount of [status.totalInStorePayment!, status.borrowedAmount!]) {
        expect(hasAtMostTwoDecimals(amount)).toBe(true)
        expect(amount).toBeGreaterThanOrEqual(0)
      }
      expect(cents(status.borrowedAmount!) + cents(status.totalInStorePayment!)).toBe(cents(invoiceAmount))
    }
  )

  it("gives the same contract as no invoiceAmount when it is the application's whole total", async () => {
    const [whole, unspecified] = [await created(), await created()]
    await signedFor(whole, "Signed", CART_TOTAL)
    await walk(sandbox, unspecified, "Signed")

    const figures = async (publicId: string) => {
      const { invoiceAmount, totalInStorePayment, borrowedAmount } =
        await client.getApplicationStatus(publicId)
      return { invoiceAmount, totalInStorePayment, borrowedAmount }
    }
    expect(await figures(unspecified)).toEqual({
      invoiceAmount: CART_TOTAL,
      totalInStorePayment: 100,
      borrowedAmount: 1200.34,
    })
    expect(await figures(whole)).toEqual(await figures(unspecified))
  })

  it("carries the smaller contract on to funding: the lender funds the borrowed amount", async () => {
    const publicId = await created()
    await signedFor(publicId, "Funded", 500)

    const status = await client.getApplicationStatus(publicId)
    expect(status).toEqual(
      expect.objectContaining({
        status: "Funded",
        invoiceAmount: 500,
        totalInStorePayment: 50,
        borrowedAmount: 450,
      })
    )
    expect(status.paymentInfo?.amount).toBe(450)
  })

  it("walks one status at a time, as a walk without it does", async () => {
    const publicId = await created()
    const signed = await signedFor(publicId, "SignedWaitingForInvoice", 10)
    expect(signed.statusHistory.map(({ status }) => status)).toEqual([
      "Pending",
      "Approved",
      "SignedWaitingForInvoice",
    ])
  })

  describe("refuses, with 400 validation_failed naming invoiceAmount, and changes nothing", () => {
    async function expectRefused(body: Record<string, unknown>, rule: RegExp) {
      const publicId = await created()
      const before = await controlApplication(sandbox, publicId)

      const error = expectError(await walkWith(publicId, body), 400, "validation_failed")
      expect(Object.keys(error.errors ?? {})).toEqual(["invoiceAmount"])
      expect(error.errors!.invoiceAmount.join(" ")).toMatch(rule)
      expect(error.message).toContain("invoiceAmount")

      const after = await controlApplication(sandbox, publicId)
      expect(after.status).toBe("Pending")
      expect(after.statusHistory).toEqual(before.statusHistory)
      expect(after.callbacks).toEqual([])
      expect((await client.getApplicationStatus(publicId)).invoiceAmount).toBeNull()
    }

    it("more than the application's total, by one cent", async () => {
      await expectRefused(
        { status: "Signed", invoiceAmount: 1300.35 },
        /must be at most the application's total, 1300\.34/
      )
    })

    it("0", async () => {
      await expectRefused({ status: "Signed", invoiceAmount: 0 }, /must be greater than 0/)
    })

    it("a negative amount", async () => {
      await expectRefused({ status: "Signed", invoiceAmount: -5 }, /must be greater than 0/)
    })

    it("a fraction of a cent", async () => {
      await expectRefused({ status: "Signed", invoiceAmount: 10.001 }, /at most 2 decimal places/)
    })

    it("a string", async () => {
      await expectRefused({ status: "Signed", invoiceAmount: "10.00" }, /must be a number/)
    })

    it.each(["Approved", "Declined", "Expired"])(
      "with %s, a status that signs no contract",
      async (status) => {
        await expectRefused({ status, invoiceAmount: 10 }, new RegExp(`signed contract, not ${status}`))
      }
    )
  })

  it("refuses a contract already signed with 409 conflict, leaving its figures as signed", async () => {
    const publicId = await created()
    await walk(sandbox, publicId, "SignedWaitingForInvoice")

    expectError(await walkWith(publicId, { status: "Signed", invoiceAmount: 10 }), 409, "conflict")

    const status = await client.getApplicationStatus(publicId)
    expect(status.status).toBe("SignedWaitingForInvoice")
    expect(status.invoiceAmount).toBe(CART_TOTAL)
  })
})
