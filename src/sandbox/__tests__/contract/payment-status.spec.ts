import type { FinancingClient } from "../../../lib/financing"
import {
  type Sandbox,
  application,
  clientFor,
  expectError,
  launch,
  raw,
  todayUtc,
  walk,
} from "./support/sandbox"

/*
 * The control endpoint that moves a funded contract's payment on (docs/sandbox.md "Control and fault
 * endpoints"), read back with the real FinancingClient on both reads that carry `paymentInfo`, as the plugin
 * reads them.
 */

let sandbox: Sandbox
let client: FinancingClient

beforeAll(async () => {
  sandbox = await launch()
  client = clientFor(sandbox)
})

afterAll(async () => {
  await sandbox?.close()
})

/** POST /sandbox/applications/{publicId}/payment with any body. */
const pay = (publicId: string, body: unknown) =>
  raw(sandbox.url, "POST", `/sandbox/applications/${encodeURIComponent(publicId)}/payment`, { json: body })

describe("POST /sandbox/applications/{publicId}/payment", () => {
  it("changes the funded contract's payment status only, on the by-id and the list reads", async () => {
    const { publicId } = await client.createApplication(application())
    await walk(sandbox, publicId, "Funded")
    const funded = (await client.getApplicationStatus(publicId)).paymentInfo!
    expect(funded.status).toBe("processed")

    const response = await pay(publicId, { status: "returned" })
    expect(response.status).toBe(200)

    const byId = await client.getApplicationStatus(publicId)
    expect(byId.status).toBe("Funded")
    expect(byId.paymentInfo).toEqual({ ...funded, status: "returned" })
    const listed = (await client.listApplications("SANDBOX", todayUtc())).find((a) => a.publicId === publicId)
    expect(listed?.paymentInfo).toEqual(
      expect.objectContaining({ transferId: funded.transferId, status: "returned" })
    )
  })

  it("refuses a contract with no payment yet (409) and a status the service does not have (400)", async () => {
    const { publicId } = await client.createApplication(application())
    await walk(sandbox, publicId, "SignedWaitingForInvoice")
    expectError(await pay(publicId, { status: "processed" }), 409, "conflict")
    await walk(sandbox, publicId, "Funded")
    expectError(await pay(publicId, { status: "paid" }), 400, "validation_failed")
    expectError(await pay("no-such-application", { status: "processed" }), 404, "not_found")
  })
})
