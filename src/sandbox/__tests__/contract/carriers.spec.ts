import { CARRIER_CODE_PATTERN } from "../../../lib/financing/schemas"
import {
  Sandbox,
  application,
  controlApplication,
  expectError,
  launch,
  raw,
  tokenFor,
  walk,
} from "./support/sandbox"

/*
 * Spec 2.7: 'carrier' is one of the operator's closed list of 75 codes. docs/sandbox.md: the
 * sandbox seeds 75 invented codes, shows the list in force at GET /sandbox/carriers, takes another list as
 * the `carriers` option, and refuses any other carrier with 400 validation_failed naming `carrier`.
 */

const address = { address: "1 Main St", city: "Austin", state: "TX", zip: "78701" }

async function carriersOf(sandbox: Sandbox): Promise<string[]> {
  const response = await raw(sandbox.url, "GET", "/sandbox/carriers")
  expect(response.status).toBe(200)
  return (response.body as { carriers: string[] }).carriers
}

/** A signed application of a fresh sandbox, and a way to post delivery information for it. */
async function signedDelivery(sandbox: Sandbox) {
  const token = await tokenFor(sandbox)
  const created = await raw(sandbox.url, "POST", "/v2/applications", { token, json: application() })
  expect(created.status).toBe(200)
  const { publicId } = created.body as { publicId: string }
  await walk(sandbox, publicId, "Signed")
  return {
    publicId,
    post: (body: Record<string, unknown>) =>
      raw(sandbox.url, "POST", `/v2/applications/${publicId}/deliveryinformation`, { token, json: body }),
  }
}

describe("the seeded carrier list", () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await launch()
  })

  afterAll(async () => {
    await sandbox?.close()
  })

  it("lists 75 distinct single CamelCase codes, a few ending in UK, V2 or V3", async () => {
    const carriers = await carriersOf(sandbox)
    expect(carriers).toHaveLength(75)
    expect(new Set(carriers).size).toBe(75)
    for (const code of carriers) expect(code).toMatch(CARRIER_CODE_PATTERN)
    for (const suffix of ["UK", "V2", "V3"]) {
      expect(carriers.filter((code) => code.endsWith(suffix)).length).toBeGreaterThan(0)
    }
  })

  it("accepts a listed carrier and records the delivery", async () => {
    const [carrier] = (await carriersOf(sandbox)).slice(-1)
    const { publicId, post } = await signedDelivery(sandbox)
    const response = await post({ method: "Shipped", carrier, trackingNumber: "TRK1", ...address })
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { status: "Delivery information created" },
    })
    expect((await controlApplication(sandbox, publicId)).deliveries).toEqual([
      expect.objectContaining({ carrier, trackingNumber: "TRK1" }),
    ])
  })

  it("refuses a well-formed carrier that is not listed, naming `carrier`, and records nothing", async () => {
    const carriers = await carriersOf(sandbox)
    const { publicId, post } = await signedDelivery(sandbox)
    for (const carrier of ["UnlistedCarrier", carriers[0].toUpperCase(), `${carriers[0]}V9`]) {
      const body = expectError(
        await post({ method: "Shipped", carrier, ...address }),
        400,
        "validation_failed"
      )
      expect(Object.keys(body.errors ?? {})).toEqual(["carrier"])
    }
    expect((await controlApplication(sandbox, publicId)).deliveries).toEqual([])
  })
})

describe("a carrier list given as the `carriers` option", () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await launch({ carriers: ["OperatorOne", "OperatorTwoUK"] })
  })

  afterAll(async () => {
    await sandbox?.close()
  })

  it("replaces the seeded list", async () => {
    expect(await carriersOf(sandbox)).toEqual(["OperatorOne", "OperatorTwoUK"])
  })

  it("accepts its codes and refuses the seeded ones", async () => {
    const { post } = await signedDelivery(sandbox)
    const accepted = await post({ method: "Shipped", carrier: "OperatorTwoUK", ...address })
    expect(accepted.body).toEqual({ status: "Delivery information created" })
    const refused = await post({ method: "Shipped", carrier: "NationalPost", ...address })
    expect(Object.keys(expectError(refused, 400, "validation_failed").errors ?? {})).toEqual(["carrier"])
  })
})
