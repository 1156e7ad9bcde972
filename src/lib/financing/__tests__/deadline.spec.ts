import { type Server, createServer } from "node:http"
import type { AddressInfo } from "node:net"

import { FinancingClient, FinancingTimeoutError } from ".."

/**
 * A service that answers the token at once, then sends a status body one byte every 50 ms: the socket is
 * never silent, so only a deadline on the whole attempt can end the wait.
 */
async function tricklingService(): Promise<{
  url: string
  statusRequests: () => number
  close: () => Promise<void>
}> {
  let statusRequests = 0
  const timers = new Set<NodeJS.Timeout>()
  const server: Server = createServer((request, response) => {
    request.resume()
    if (request.url === "/v2/token") {
      response.writeHead(200, { "Content-Type": "application/json" })
      response.end(JSON.stringify({ jwt: "header.payload.signature" }))
      return
    }
    statusRequests += 1
    response.writeHead(200, { "Content-Type": "application/json" })
    const timer = setInterval(() => response.write(" "), 50)
    timers.add(timer)
    response.on("close", () => clearInterval(timer))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    statusRequests: () => statusRequests,
    close: async () => {
      for (const timer of timers) clearInterval(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function clientOf(url: string, options: { timeoutMs: number; maxRetries: number }) {
  return new FinancingClient({
    baseUrl: url,
    username: "u",
    password: "p-secret",
    retryBaseDelayMs: 10,
    retryMaxDelayMs: 10,
    ...options,
  })
}

describe("the per-attempt deadline", () => {
  it("ends an answer that trickles in past timeoutMs with a FinancingTimeoutError", async () => {
    const service = await tricklingService()
    try {
      const client = clientOf(service.url, { timeoutMs: 1_000, maxRetries: 0 })
      const started = Date.now()
      await expect(client.getApplicationStatus("app-1")).rejects.toBeInstanceOf(FinancingTimeoutError)
      const elapsed = Date.now() - started
      expect(elapsed).toBeGreaterThanOrEqual(980)
      expect(elapsed).toBeLessThan(2_000)
    } finally {
      await service.close()
    }
  })

  it("gives each retry a deadline of its own, so a retried read is tried again in full", async () => {
    const service = await tricklingService()
    try {
      const client = clientOf(service.url, { timeoutMs: 1_000, maxRetries: 1 })
      await expect(client.getApplicationStatus("app-1")).rejects.toBeInstanceOf(FinancingTimeoutError)
      expect(service.statusRequests()).toBe(2)
    } finally {
      await service.close()
    }
  })
})
