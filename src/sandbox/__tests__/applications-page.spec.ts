import {
  DEFAULT_CREDENTIALS,
  OTHER_CREDENTIALS,
  application,
  clientFor,
  launch,
} from "./contract/support/sandbox"

/*
 * GET /sandbox/applications in a browser names each application's store code when the sandbox plays
 * several retailer accounts (the demo's DEMO_LOCATIONS=2), so a person sees which location made it; with
 * one account there is nothing to tell apart and the page is as before.
 */

const pageOf = async (url: string) =>
  (await fetch(`${url}/sandbox/applications`, { headers: { accept: "text/html" } })).text()
const storeLines = (html: string) =>
  [...html.matchAll(/data-testid="sandbox-application-store">([^<]*)</g)].map((match) => match[1])

describe("the sandbox's applications page", () => {
  it("names each application's store when it plays several retailer accounts", async () => {
    const sandbox = await launch({ credentials: [DEFAULT_CREDENTIALS, OTHER_CREDENTIALS] })
    try {
      await clientFor(sandbox).createApplication(application())
      await clientFor(sandbox, OTHER_CREDENTIALS).createApplication(application({ storeCode: "OTHER" }))
      expect(storeLines(await pageOf(sandbox.url)).sort()).toEqual(["Store OTHER", "Store SANDBOX"])
    } finally {
      await sandbox.close()
    }
  })

  it("names none with one retailer account", async () => {
    const sandbox = await launch()
    try {
      await clientFor(sandbox).createApplication(application())
      const html = await pageOf(sandbox.url)
      expect(html).toContain('data-testid="sandbox-application"')
      expect(storeLines(html)).toEqual([])
    } finally {
      await sandbox.close()
    }
  })
})
