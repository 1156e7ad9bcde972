import { FinancingClient } from "../../lib/financing"
import { startSandbox } from ".."

const partner = {
  code: "ACME",
  name: "Acme Lease Holdings LLC",
  displayName: "Acme Lease",
  street: "9 Elm St",
  suiteApartment: null,
  city: "Denver",
  state: "CO",
  zipCode: "80202",
  phone: "303-555-0101",
}

describe("configured financing partners", () => {
  it("lists, quotes and signs with the partners given for the store", async () => {
    const sandbox = await startSandbox({
      credentials: { username: "u", password: "p-configured", storeCode: "ACME1", partners: [partner] },
      callbackRetries: 0,
    })
    try {
      const client = new FinancingClient({ baseUrl: sandbox.url, username: "u", password: "p-configured" })
      expect(await client.listFinancingPartners()).toEqual([partner])
      expect((await client.lowestPaymentOption("ACME1", 500)).financingPartnerDisplayName).toBe("Acme Lease")

      const { publicId } = await client.createApplication({
        storeCode: "ACME1",
        firstName: "Ada",
        lastName: "Lovelace",
        mobilePhone: "512-555-0100",
        products: [{ description: "Desk", quantity: 1, value: 500 }],
      })
      const walked = await fetch(`${sandbox.url}/sandbox/applications/${publicId}/status`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ status: "Signed" }),
      })
      expect(walked.status).toBe(200)
      expect((await client.getApplicationStatus(publicId)).financingPartnerCode).toBe("ACME")
    } finally {
      await sandbox.close()
    }
  })

  it("refuses a partner that breaks the contract's shape, naming the option", async () => {
    await expect(
      startSandbox({
        credentials: { username: "u", password: "p", storeCode: "S", partners: [{ code: "X" }] },
      } as never)
    ).rejects.toThrow(/credentials\.0\.partners\.0\.\w+/)
  })
})
