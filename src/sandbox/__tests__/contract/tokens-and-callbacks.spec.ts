import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { FinancingClient, FinancingServerError } from "../../../lib/financing"
import { CallbackReceiver, CountingProxy } from "./support/http-helpers"
import {
  CART_TOTAL,
  Sandbox,
  application,
  clientFor,
  controlApplication,
  controlApplications,
  expectError,
  expireTokens,
  launch,
  raw,
  rejectionOf,
  setFaults,
  sleep,
  tokenFor,
  waitFor,
  walk,
} from "./support/sandbox"

/*
 * Time and the outside world: tokens that expire (by their lifetime or on demand) and the client's one
 * refresh, status-change callbacks to a real local receiver (order, body, retries, drops), fault injection,
 * reset, and the state file across a restart.
 */

const closers: (() => Promise<void>)[] = []

afterAll(async () => {
  // Every server is closed even when one fails to, or jest would wait on the rest forever.
  const results = await Promise.allSettled(closers.reverse().map((close) => close()))
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected")
  if (failed) throw failed.reason
})

async function started(options: Parameters<typeof launch>[0] = {}): Promise<Sandbox> {
  const sandbox = await launch(options)
  closers.push(() => sandbox.close())
  return sandbox
}

let receiver: CallbackReceiver

beforeAll(async () => {
  receiver = await CallbackReceiver.start()
  closers.push(() => receiver.close())
})

/** The JSON callbacks the receiver got at `path`, oldest first. */
const callbacksAt = (path: string) => receiver.bodiesAt(path)

describe("expiry by time (tokenTtlSeconds 1, applicationTtlSeconds 1)", () => {
  let sandbox: Sandbox
  let proxy: CountingProxy
  let client: FinancingClient
  let oldToken: string
  let unsigned: string
  let signed: string

  beforeAll(async () => {
    sandbox = await started({ tokenTtlSeconds: 1, applicationTtlSeconds: 1 })
    proxy = await CountingProxy.start(sandbox.url)
    closers.push(() => proxy.close())
    client = clientFor(proxy)

    oldToken = await tokenFor(sandbox)
    await client.listReturnReasons()
    unsigned = (await client.createApplication(application(), { callbackUrl: `${receiver.url}/hooks/ttl` }))
      .publicId
    signed = (await client.createApplication(application())).publicId
    await walk(sandbox, signed, "SignedWaitingForInvoice")
    expect(proxy.count("POST", "/v2/token")).toBe(1)

    // Both lifetimes are one second; half a second more leaves room for a whole-second clock.
    await sleep(1_500)
  })

  it("refuses the old token with 401 unauthorized", async () => {
    const response = await raw(sandbox.url, "GET", "/v2/returnreasons", { token: oldToken })
    expectError(response, 401, "unauthorized")
  })

  it("lets the client recover transparently with exactly one new token", async () => {
    const reasons = await client.listReturnReasons()
    expect(reasons).toHaveLength(5)
    expect(proxy.count("POST", "/v2/token")).toBe(2)
    expect(proxy.log[proxy.log.length - 1]).toEqual({ method: "GET", path: "/v2/returnreasons", status: 200 })
  })

  it("expires the unsigned application and posts the change", async () => {
    expect((await client.getApplicationStatus(unsigned)).status).toBe("Expired")
    const [callback] = await waitFor("the Expired callback", () => {
      const bodies = callbacksAt("/hooks/ttl")
      return bodies.length > 0 ? bodies : undefined
    })
    expect(callback).toEqual(
      expect.objectContaining({ publicId: unsigned, status: "Expired", previousStatus: "Pending" })
    )
  })

  it("leaves a signed application alone", async () => {
    expect((await client.getApplicationStatus(signed)).status).toBe("SignedWaitingForInvoice")
  })
})

describe("early expiry (POST /sandbox/tokens/expire)", () => {
  let sandbox: Sandbox
  let proxy: CountingProxy
  let client: FinancingClient

  beforeAll(async () => {
    sandbox = await started()
    proxy = await CountingProxy.start(sandbox.url)
    closers.push(() => proxy.close())
    client = clientFor(proxy)
  })

  it("refuses every token issued before it, and the client's next call succeeds with one new token", async () => {
    await client.listFinancingPartners()
    const rawToken = await tokenFor(sandbox)
    expect(proxy.count("POST", "/v2/token")).toBe(1)

    await expireTokens(sandbox)

    expectError(
      await raw(sandbox.url, "GET", "/v2/financingpartners", { token: rawToken }),
      401,
      "unauthorized"
    )
    const partners = await client.listFinancingPartners()
    expect(partners).toHaveLength(2)
    expect(proxy.count("POST", "/v2/token")).toBe(2)
    expect(
      proxy.log.filter((entry) => entry.path === "/v2/financingpartners").map((entry) => entry.status)
    ).toEqual([200, 401, 200])
  })

  it("costs one new token however many calls meet the 401 together", async () => {
    await client.listReturnReasons()
    const before = proxy.count("POST", "/v2/token")

    await expireTokens(sandbox)
    const results = await Promise.all(Array.from({ length: 6 }, () => client.listReturnReasons()))

    expect(results.every((reasons) => reasons.length === 5)).toBe(true)
    expect(proxy.count("POST", "/v2/token")).toBe(before + 1)
  })
})

describe("status-change callbacks", () => {
  const RETRY_DELAY_MS = 40
  let sandbox: Sandbox
  let client: FinancingClient

  beforeAll(async () => {
    sandbox = await started({ callbackRetries: 2, callbackRetryDelayMs: RETRY_DELAY_MS })
    client = clientFor(sandbox)
  })

  afterEach(() => {
    receiver.answer = () => 200
  })

  async function createdWithCallback(path: string) {
    const callbackUrl = `${receiver.url}${path}?proof=p-${path.replace(/\W/g, "")}`
    const { publicId } = await client.createApplication(application(), { callbackUrl })
    return { publicId, callbackUrl }
  }

  /** Waits until every callback the control view lists for `publicId` is settled (delivered or given up). */
  async function settledCallbacks(publicId: string, done: (callback: { delivered: boolean }) => boolean) {
    return waitFor(`the callbacks of ${publicId} to settle`, async () => {
      const { callbacks } = await controlApplication(sandbox, publicId)
      return callbacks.length > 0 && callbacks.every(done) ? callbacks : undefined
    })
  }

  it("posts every step of a control walk, in order, with the documented body", async () => {
    const { publicId, callbackUrl } = await createdWithCallback("/hooks/walk")
    const startedAt = Date.now()
    await walk(sandbox, publicId, "Signed")

    const bodies = await waitFor("the Signed callback", () => {
      const received = callbacksAt("/hooks/walk")
      return received.some((body) => body.status === "Signed") ? received : undefined
    })
    const recorded = await controlApplication(sandbox, publicId)
    const steps = recorded.statusHistory.map((step) => step.status)

    expect(steps[0]).toBe("Pending")
    expect(steps[steps.length - 1]).toBe("Signed")
    expect(steps).toContain("Approved")
    // One callback per step, in the order of the steps, each naming the step it came from.
    expect(bodies.map((body) => [body.previousStatus, body.status])).toEqual(
      steps.slice(1).map((status, index) => [steps[index], status])
    )
    for (const body of bodies) {
      expect(body).toEqual({
        eventId: expect.stringMatching(/^evt_/),
        publicId,
        status: expect.any(String),
        previousStatus: expect.any(String),
        changedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
      })
      expect(Date.parse(body.changedAt as string)).toBeGreaterThanOrEqual(startedAt - 1_000)
      expect(Date.parse(body.changedAt as string)).toBeLessThanOrEqual(Date.now())
    }
    expect(new Set(bodies.map((body) => body.eventId)).size).toBe(bodies.length)

    const requests = receiver.received.filter((request) => request.url.startsWith("/hooks/walk"))
    for (const request of requests) {
      expect(request.method).toBe("POST")
      expect(`${receiver.url}${request.url}`).toBe(callbackUrl)
      expect(request.headers["content-type"]).toMatch(/^application\/json/)
    }

    const callbacks = await settledCallbacks(publicId, (callback) => callback.delivered)
    expect(callbacks).toEqual(
      bodies.map((body) =>
        expect.objectContaining({
          eventId: body.eventId,
          status: body.status,
          previousStatus: body.previousStatus,
          attempts: 1,
          delivered: true,
          dropped: false,
        })
      )
    )
  })

  it("posts the hosted page's signing too", async () => {
    const { publicId } = await createdWithCallback("/hooks/page")
    const response = await raw(sandbox.url, "POST", `/apply/${publicId}/sign`, {
      body: "",
      contentType: "application/x-www-form-urlencoded",
    })
    expect(response.status).toBe(303)
    const bodies = await waitFor("the SignedWaitingForInvoice callback", () => {
      const received = callbacksAt("/hooks/page")
      return received.some((body) => body.status === "SignedWaitingForInvoice") ? received : undefined
    })
    expect(bodies[0].previousStatus).toBe("Pending")
    expect(bodies[bodies.length - 1]).toEqual(
      expect.objectContaining({ publicId, status: "SignedWaitingForInvoice" })
    )
  })

  it("retries a receiver that fails twice, with growing delays, and delivers on the third attempt", async () => {
    receiver.answer = (request, sameBodyBefore) =>
      request.url.startsWith("/hooks/flaky") && sameBodyBefore < 2 ? 500 : 200
    const { publicId } = await createdWithCallback("/hooks/flaky")
    await walk(sandbox, publicId, "Declined")

    const callbacks = await settledCallbacks(publicId, (callback) => callback.delivered)
    expect(callbacks.length).toBeGreaterThan(0)
    expect(callbacks[callbacks.length - 1].status).toBe("Declined")
    for (const callback of callbacks) {
      expect(callback).toEqual(expect.objectContaining({ attempts: 3, delivered: true, dropped: false }))
      const attempts = receiver.received.filter(
        (request) => request.url.startsWith("/hooks/flaky") && request.text.includes(callback.eventId)
      )
      expect(attempts).toHaveLength(3)
      expect(new Set(attempts.map((attempt) => attempt.text)).size).toBe(1)
      const [first, second, third] = attempts.map((attempt) => attempt.receivedAt)
      // Timers never fire early; a millisecond of clock rounding is allowed.
      expect(second - first).toBeGreaterThanOrEqual(RETRY_DELAY_MS - 1)
      expect(third - second).toBeGreaterThanOrEqual(2 * RETRY_DELAY_MS - 1)
    }
  })

  it("gives up after callbackRetries retries", async () => {
    receiver.answer = (request) => (request.url.startsWith("/hooks/down") ? 503 : 200)
    const { publicId } = await createdWithCallback("/hooks/down")
    await walk(sandbox, publicId, "Declined")

    const callbacks = await settledCallbacks(publicId, (callback) => !callback.delivered)
    await waitFor("the last retry", async () => {
      const { callbacks: now } = await controlApplication(sandbox, publicId)
      return now.every((callback) => callback.attempts === 3) ? true : undefined
    })
    // Long enough for a fourth attempt, were there one.
    await sleep(8 * RETRY_DELAY_MS)
    const final = (await controlApplication(sandbox, publicId)).callbacks
    expect(final).toHaveLength(callbacks.length)
    for (const callback of final) {
      expect(callback).toEqual(expect.objectContaining({ attempts: 3, delivered: false, dropped: false }))
      expect(
        receiver.received.filter(
          (request) => request.url.startsWith("/hooks/down") && request.text.includes(callback.eventId)
        )
      ).toHaveLength(3)
    }
    expect((await client.getApplicationStatus(publicId)).status).toBe("Declined")
  })

  it("with dropCallbackRate 1 sends nothing, yet the status changes", async () => {
    await setFaults(sandbox, { dropCallbackRate: 1 })
    try {
      const faults = await raw(sandbox.url, "GET", "/sandbox/faults")
      expect(faults.body).toEqual(expect.objectContaining({ dropCallbackRate: 1 }))

      const { publicId } = await createdWithCallback("/hooks/dropped")
      await walk(sandbox, publicId, "Approved")
      await sleep(300)

      expect(callbacksAt("/hooks/dropped")).toEqual([])
      expect((await client.getApplicationStatus(publicId)).status).toBe("Approved")
      const { callbacks } = await controlApplication(sandbox, publicId)
      expect(callbacks.length).toBeGreaterThan(0)
      for (const callback of callbacks) {
        expect(callback).toEqual(expect.objectContaining({ dropped: true, delivered: false }))
      }
    } finally {
      await setFaults(sandbox, { dropCallbackRate: 0 })
    }
  })

  it("posts nothing for an application created without a Callback-Url", async () => {
    const before = receiver.received.length
    const { publicId } = await client.createApplication(application())
    await walk(sandbox, publicId, "Signed")
    await sleep(100)
    expect(receiver.received).toHaveLength(before)
    expect((await controlApplication(sandbox, publicId)).callbacks).toEqual([])
  })
})

describe("fault injection", () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await started()
  })

  it("errorRate 1 answers 503 injected_fault on /v2/*, never on /sandbox/*", async () => {
    const token = await tokenFor(sandbox)
    await setFaults(sandbox, { errorRate: 1 })
    try {
      expectError(await raw(sandbox.url, "GET", "/v2/returnreasons", { token }), 503, "injected_fault")
      expectError(
        await raw(sandbox.url, "POST", "/v2/calculator/store/SANDBOX/amount/100.00/lowestPaymentOption", {
          contentType: "application/json",
        }),
        503,
        "injected_fault"
      )
      const health = await raw(sandbox.url, "GET", "/sandbox/health")
      expect({ status: health.status, body: health.body }).toEqual({ status: 200, body: { ok: true } })
      const error = await rejectionOf(clientFor(sandbox).lowestPaymentOption("SANDBOX", 100))
      expect(error).toBeInstanceOf(FinancingServerError)
    } finally {
      await setFaults(sandbox, { errorRate: 0 })
    }
    await expect(clientFor(sandbox).lowestPaymentOption("SANDBOX", 100)).resolves.toBeDefined()
  })

  it("latencyMs delays /v2 answers", async () => {
    await setFaults(sandbox, { latencyMs: 150 })
    try {
      const startedAt = Date.now()
      const response = await raw(
        sandbox.url,
        "POST",
        "/v2/calculator/store/SANDBOX/amount/100.00/lowestPaymentOption",
        {
          contentType: "application/json",
        }
      )
      expect(response.status).toBe(200)
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(149)
    } finally {
      await setFaults(sandbox, { latencyMs: 0 })
    }
  })

  it("takes the same faults at start", async () => {
    const faulty = await started({ faults: { errorRate: 1 } })
    const faults = await raw(faulty.url, "GET", "/sandbox/faults")
    expect(faults.body).toEqual(expect.objectContaining({ errorRate: 1 }))
    expectError(await raw(faulty.url, "GET", "/v2/returnreasons"), 503, "injected_fault")
  })
})

describe("POST /sandbox/reset", () => {
  it("forgets every application and token", async () => {
    const sandbox = await started()
    const token = await tokenFor(sandbox)
    const { publicId } = await clientFor(sandbox).createApplication(application())

    const response = await raw(sandbox.url, "POST", "/sandbox/reset")
    expect(response.status).toBeLessThan(300)

    expect(await controlApplications(sandbox)).toEqual([])
    expectError(await raw(sandbox.url, "GET", `/sandbox/applications/${publicId}`), 404, "not_found")
    expectError(await raw(sandbox.url, "GET", "/v2/returnreasons", { token }), 401, "unauthorized")
  })
})

describe("stateFile", () => {
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "sandbox-state-"))
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it("keeps applications across close and restart", async () => {
    const stateFile = join(dir, "state.json")
    const input = application({ referenceNumber: "INV-PERSIST-1" })

    const first = await launch({ stateFile })
    let publicId: string
    try {
      const client = clientFor(first)
      ;({ publicId } = await client.createApplication(input))
      await walk(first, publicId, "Signed")
      await client.addOrderReferences(publicId, ["1001", "1002"])
    } finally {
      await first.close()
    }

    // Closed inside the test: its state file lives in a folder removed after this describe.
    const second = await launch({ stateFile })
    try {
      const recorded = await controlApplication(second, publicId)
      expect(recorded).toEqual(expect.objectContaining({ publicId, status: "Signed", input }))
      expect([...recorded.orderReferences].sort()).toEqual(["1001", "1002"])

      const client = clientFor(second)
      const status = await client.getApplicationStatus(publicId)
      expect(status.status).toBe("Signed")
      expect(status.applicationId).toBe(recorded.applicationId)
      expect(status.invoiceAmount).toBe(CART_TOTAL)

      // Ids keep counting after a restart rather than being handed out again.
      const fresh = await client.createApplication(application())
      expect(fresh.publicId).not.toBe(publicId)
      expect((await client.getApplicationStatus(fresh.publicId)).applicationId).not.toBe(status.applicationId)
    } finally {
      await second.close()
    }
  })
})
