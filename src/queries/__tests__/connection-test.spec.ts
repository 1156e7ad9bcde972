import { createServer } from "node:net"

import { sharedFinancingClient } from "../../config/financing-client"
import { type RetailFinancingOptionsInput, parseOptions } from "../../config/options"
import { type RunningSandbox, startSandbox } from "../../sandbox"
import { testFinancingConnection } from "../connection-test"

/*
 * "Test connection" against the real sandbox over loopback, made to fail through its fault controls
 * (POST /sandbox/faults): a service that answers 503 to everything must be reported failing, even when the
 * store's shared client holds a token from before the failure (the bug this replaces: the test returned the
 * cached token, asked the service nothing, and said "Working · Answered in 0 ms").
 */

const CREDENTIALS = { username: "sandbox", password: "sandbox-password", storeCode: "SANDBOX" }

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, credentials: CREDENTIALS, faults: { dropCallbackRate: 1 } })
})

afterAll(async () => {
  await sandbox.close()
})

afterEach(async () => {
  await setFaults({ errorRate: 0, latencyMs: 0 })
})

async function setFaults(faults: { errorRate?: number; latencyMs?: number }) {
  const response = await fetch(`${sandbox.url}/sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(faults),
  })
  if (!response.ok) throw new Error(`the sandbox refused the faults: ${response.status}`)
}

const optionsFor = (baseUrl: string, overrides: Partial<RetailFinancingOptionsInput> = {}) =>
  parseOptions({
    baseUrl,
    ...CREDENTIALS,
    backendUrl: "https://store.example.com",
    callbackSecret: "connection-test-callback-secret-0123456789",
    timeoutMs: 5_000,
    maxRetries: 3,
    ...overrides,
  })

/** A loopback port where nothing listens: the connection is refused. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe("testFinancingConnection", () => {
  it("reports a working service with the time the round trip really took", async () => {
    await setFaults({ latencyMs: 150 })
    const result = await testFinancingConnection(optionsFor(sandbox.url))
    expect(result).toEqual(
      expect.objectContaining({
        ok: true,
        failed_step: null,
        message: "Signed in with a new token and read the store's financing partners (2).",
      })
    )
    // Two requests (the token, then the partners), each delayed 150 ms by the sandbox.
    expect(result.latency_ms).toBeGreaterThanOrEqual(300)
    expect(Date.parse(result.checked_at)).not.toBeNaN()
  })

  it("reports a service answering 503 as failing, though the store's client holds a valid token", async () => {
    const options = optionsFor(sandbox.url)
    // The store has been working: its shared client holds a token from before the failure.
    await sharedFinancingClient(options).getToken()
    await setFaults({ errorRate: 1 })

    const started = Date.now()
    const result = await testFinancingConnection(options)
    expect(result).toEqual(
      expect.objectContaining({
        ok: false,
        failed_step: "token",
        message:
          "The financing service is failing: it answered 503 (Service Unavailable) to the sign-in (a new token).",
      })
    )
    // Reported as it is, not after the store's retries (maxRetries 3) and their backoff.
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it("reports a refused connection in plain words, naming the address to check", async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}`
    const result = await testFinancingConnection(optionsFor(baseUrl))
    expect(result).toEqual(
      expect.objectContaining({
        ok: false,
        failed_step: "token",
        message: `The connection to ${baseUrl} was refused: nothing is listening there. Check the service address.`,
      })
    )
  })

  it("reports a service that does not answer in time", async () => {
    await setFaults({ latencyMs: 1_500 })
    const result = await testFinancingConnection(optionsFor(sandbox.url, { timeoutMs: 1_000 }))
    expect(result).toEqual(
      expect.objectContaining({
        ok: false,
        failed_step: "token",
        message: "The financing service did not answer the sign-in (a new token) within 1 s.",
      })
    )
    expect(result.latency_ms).toBeGreaterThanOrEqual(1_000)
  })

  it("reports wrong credentials as such, without repeating them", async () => {
    const result = await testFinancingConnection(optionsFor(sandbox.url, { password: "not-the-password" }))
    expect(result.ok).toBe(false)
    expect(result.message).toBe(
      "The financing service refused the username or password: it answered 401 to the sign-in (a new token)."
    )
    expect(JSON.stringify(result)).not.toContain("not-the-password")
  })
})
