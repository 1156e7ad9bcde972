import { once } from "node:events"
import { type Server, createServer, request } from "node:http"
import type { AddressInfo } from "node:net"

import { FaultProxy } from "../fault-proxy"

/*
 * The fault proxy against a tiny local server that records what reached it: each fault does what a fault
 * test relies on, and only to the requests its rule matches.
 */

interface Seen {
  method: string
  url: string
  body: string
}

let upstream: Server
let seen: Seen[]
let proxy: FaultProxy

beforeEach(async () => {
  seen = []
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", body: Buffer.concat(chunks).toString() })
      res.writeHead(201, { "Content-Type": "application/json", "X-Upstream": "yes" })
      res.end(JSON.stringify({ echoed: req.url }))
    })
  })
  upstream.listen(0, "127.0.0.1")
  await once(upstream, "listening")
  proxy = await FaultProxy.start(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)
})

afterEach(async () => {
  await proxy.close()
  upstream.closeAllConnections()
  await new Promise((resolve) => upstream.close(resolve))
})

/** One request through node:http, resolving with the answer or the error code the client saw. */
function send(
  path: string,
  method = "GET",
  body?: string
): Promise<{ status: number; text: string; headers: Record<string, unknown> } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(new URL(path, proxy.url), { method, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString(), headers: res.headers })
      )
      res.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    })
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    req.end(body)
  })
}

describe("FaultProxy", () => {
  it("forwards what no rule matches, body, status and headers included", async () => {
    proxy.add({ match: { path: "/other" }, fault: { refuse: 503 } })

    const sentAt = Date.now()
    const answer = await send("/v2/things?x=1", "POST", '{"a":1}')

    expect(answer).toMatchObject({ status: 201, text: '{"echoed":"/v2/things?x=1"}' })
    expect(answer).toHaveProperty(["headers", "x-upstream"], "yes")
    expect(seen).toEqual([{ method: "POST", url: "/v2/things?x=1", body: '{"a":1}' }])
    expect(proxy.log).toEqual([
      {
        method: "POST",
        path: "/v2/things",
        fault: "forward",
        upstreamStatus: 201,
        outcome: "answered",
        at: expect.any(Number),
      },
    ])
    expect(proxy.log[0].at).toBeGreaterThanOrEqual(sentAt)
  })

  it("drops the answer after forwarding: the service saw the request, the client gets a reset", async () => {
    const rule = proxy.add({ match: { method: "POST", path: /^\/v2\/applications$/ }, fault: { drop: true } })

    const answer = await send("/v2/applications", "POST", '{"cart":"c1"}')

    expect(answer).toEqual({ error: "ECONNRESET" })
    expect(seen).toEqual([{ method: "POST", url: "/v2/applications", body: '{"cart":"c1"}' }])
    expect(proxy.countForwarded({ method: "POST", path: "/v2/applications" })).toBe(1)
    expect(rule.hits).toBe(1)
    expect(proxy.log[0]).toMatchObject({ fault: "drop", upstreamStatus: 201, outcome: "dropped" })
  })

  it("holds an answer for the time asked, after the service has acted", async () => {
    proxy.add({ match: { path: "/slow" }, fault: { hold: 400 } })

    const startedAt = Date.now()
    const answer = send("/slow")
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(seen).toHaveLength(1)

    expect(await answer).toMatchObject({ status: 201 })
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(390)
  })

  it("holds an answer until released, and says when the request is being held", async () => {
    const rule = proxy.add({ match: { method: "GET" }, fault: { hold: "until-released" } })
    let answered = false

    const answer = send("/v2/applications/A1/status").then((result) => ((answered = true), result))
    expect(await rule.hit()).toEqual({ method: "GET", path: "/v2/applications/A1/status" })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(seen).toHaveLength(1)
    expect(answered).toBe(false)

    rule.release()
    expect(await answer).toMatchObject({ status: 201 })
  })

  it("holds a request before the service sees it when the phase is request", async () => {
    const rule = proxy.add({ match: { path: "/later" }, fault: { hold: "until-released", phase: "request" } })

    const answer = send("/later", "POST", "x")
    await rule.hit()
    expect(seen).toHaveLength(0)

    rule.release()
    expect(await answer).toMatchObject({ status: 201 })
    expect(seen).toHaveLength(1)
  })

  it("refuses with 503 or a reset without forwarding", async () => {
    proxy.add({ match: { path: "/down" }, fault: { refuse: 503 } })
    proxy.add({ match: { path: "/gone" }, fault: { refuse: "reset" } })

    expect(await send("/down")).toMatchObject({ status: 503 })
    expect(await send("/gone")).toEqual({ error: "ECONNRESET" })
    expect(seen).toHaveLength(0)
    expect(proxy.countForwarded({})).toBe(0)
    expect(proxy.log.map(({ outcome, upstreamStatus }) => [outcome, upstreamStatus])).toEqual([
      ["refused", null],
      ["refused", null],
    ])
  })

  it("applies a rule to as many requests as `times` says, then forwards again", async () => {
    proxy.add({ match: { path: "/flaky" }, fault: { refuse: 503 }, times: 2 })

    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push(await send("/flaky"))

    expect(statuses.map((answer) => ("status" in answer ? answer.status : answer.error))).toEqual([
      503, 503, 201,
    ])
    expect(seen).toHaveLength(1)
    expect(proxy.count({ path: "/flaky" })).toBe(3)
  })

  it("lets held answers go when a rule is removed", async () => {
    const rule = proxy.add({ match: {}, fault: { hold: "until-released" } })
    const answer = send("/any")
    await rule.hit()

    rule.remove()

    expect(await answer).toMatchObject({ status: 201 })
    expect(await send("/any")).toMatchObject({ status: 201 })
    expect(proxy.log.map(({ fault }) => fault)).toEqual(["hold", "forward"])
  })

  it("forwards to several targets in turn once told to balance", async () => {
    const second = createServer((req, res) => res.writeHead(200).end("second"))
    second.listen(0, "127.0.0.1")
    await once(second, "listening")
    try {
      proxy.balanceTo([
        `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
        `http://127.0.0.1:${(second.address() as AddressInfo).port}`,
      ])

      const answers = []
      for (let i = 0; i < 4; i++) answers.push(await send("/turn"))

      expect(answers.map((answer) => ("status" in answer ? answer.status : answer.error))).toEqual([
        201, 200, 201, 200,
      ])
      expect(seen).toHaveLength(2)
    } finally {
      second.closeAllConnections()
      await new Promise((resolve) => second.close(resolve))
    }
  })
})
