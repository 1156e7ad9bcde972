import { startSandbox } from ".."

async function tokenOf(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/v2/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { jwt: string }).jwt
}

const partnersStatus = async (url: string, token: string) =>
  (await fetch(`${url}/v2/financingpartners`, { headers: { Authorization: `Bearer ${token}` } })).status

describe("expiring one store's tokens (POST /sandbox/tokens/expire?store_code=)", () => {
  it("refuses that store's tokens and leaves every other store's valid", async () => {
    const sandbox = await startSandbox({
      credentials: [
        { username: "east", password: "east-password", storeCode: "EAST" },
        { username: "west", password: "west-password", storeCode: "WEST" },
      ],
    })
    try {
      const east = await tokenOf(sandbox.url, "east", "east-password")
      const west = await tokenOf(sandbox.url, "west", "west-password")

      expect(await partnersStatus(sandbox.url, east)).toBe(200)
      expect(await partnersStatus(sandbox.url, west)).toBe(200)
      const expired = await fetch(`${sandbox.url}/sandbox/tokens/expire?store_code=WEST`, { method: "POST" })
      expect(await expired.json()).toEqual({ expired: true, store_code: "WEST" })

      expect(await partnersStatus(sandbox.url, west)).toBe(401)
      expect(await partnersStatus(sandbox.url, east)).toBe(200)
      // A token issued after the expiry is good.
      expect(await partnersStatus(sandbox.url, await tokenOf(sandbox.url, "west", "west-password"))).toBe(200)

      const unknown = await fetch(`${sandbox.url}/sandbox/tokens/expire?store_code=NORTH`, { method: "POST" })
      expect(unknown.status).toBe(404)
      expect(await partnersStatus(sandbox.url, east)).toBe(200)
    } finally {
      await sandbox.close()
    }
  })
})
