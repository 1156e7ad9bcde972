import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import { Browser, BrowserContext, Page } from "playwright-core"
import { FinancingClient } from "../../../lib/financing"
import type { ApplicationInput } from "../../../lib/financing"
import { startSandbox } from "../../index"
import { launchChromium } from "./support/chromium"

/*
 * The hosted signing page in a real Chromium (docs/sandbox.md, Behaviour): what a shopper sees at the
 * application's `link`, and where each of the three buttons sends the browser and the application.
 * Chromium is Debian's (see support/chromium.ts); a missing browser fails these tests, never skips them.
 */

jest.setTimeout(30_000)

/** For a person to look at; not committed. */
const SCREENSHOT_PATH = path.join(os.tmpdir(), "hosted-page.png")

/** A tiny storefront on loopback: the pages a shopper is sent back to, and a log of who arrived. */
interface Storefront {
  url: string
  visits: string[]
  close(): Promise<void>
}

async function startStorefront(): Promise<Storefront> {
  const visits: string[] = []
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://storefront.invalid")
    const page = { "/return": "Thank you for your order", "/cancel": "Your cart is waiting" }[url.pathname]
    if (request.method !== "GET" || page === undefined) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found")
      return
    }
    visits.push(`${url.pathname}${url.search}`)
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(`<!doctype html><title>${page}</title><h1>${page}</h1>`)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    visits,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

const PRODUCTS = [
  { description: "Walnut dining table", quantity: 1, value: 1249.5 },
  { description: "Upholstered chair", quantity: 4, value: 596 },
  { description: "White-glove delivery", quantity: 1, value: 89.99 },
  { description: "Coupon WELCOME10", quantity: 1, value: -100 },
  { description: "Sales tax", quantity: 1, value: 152.3 },
]
/** 1249.50 + 596.00 + 89.99 - 100.00 + 152.30 */
const CART_TOTAL = 1987.79

/** An amount as a page may write it: "1,987.79", "$1987.79", "-$100.00", "−100.00", "($100.00)". */
function amountPattern(value: number): RegExp {
  const [whole, cents] = Math.abs(value).toFixed(2).split(".")
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",?")
  return new RegExp(`(^|[^\\d.,])${grouped}\\.${cents}(?![\\d])`)
}

let browser: Browser
let context: BrowserContext
let page: Page
let sandbox: Awaited<ReturnType<typeof startSandbox>>
let storefront: Storefront
let client: FinancingClient

beforeAll(async () => {
  browser = await launchChromium()
  sandbox = await startSandbox({ port: 0 })
  storefront = await startStorefront()
  client = new FinancingClient({
    baseUrl: sandbox.url,
    username: "sandbox",
    password: "sandbox-password",
    timeoutMs: 5_000,
    maxRetries: 0,
  })
})

afterAll(async () => {
  await browser?.close()
  await sandbox?.close()
  await storefront?.close()
})

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1024, height: 900 } })
  context.setDefaultTimeout(10_000)
  page = await context.newPage()
})

afterEach(async () => {
  await context?.close()
})

function application(overrides: Partial<ApplicationInput> = {}): ApplicationInput {
  return {
    storeCode: "SANDBOX",
    firstName: "Grace",
    lastName: "Hopper",
    mobilePhone: "512-555-0142",
    email: "grace@example.com",
    address: { street: "12 Harbor Rd", city: "Arlington", state: "VA", zipCode: "22201" },
    products: PRODUCTS,
    redirectUrl: `${storefront.url}/return?cart=cart_01H`,
    cancelUrl: `${storefront.url}/cancel?cart=cart_01H`,
    ...overrides,
  }
}

/** The deepest element holding every one of `texts` and none of `unless`: one line of the page. */
async function elementHolding(texts: (string | RegExp)[], unless: string[]): Promise<string | undefined> {
  let candidates = page.locator("body *")
  for (const text of texts) candidates = candidates.filter({ hasText: text })
  for (const other of unless) candidates = candidates.filter({ hasNotText: other })
  const count = await candidates.count()
  return count === 0 ? undefined : candidates.nth(count - 1).innerText()
}

/** Where the browser is, without the query string, and the query string it kept. */
function landing(url: string): { at: string; cart: string | null } {
  const parsed = new URL(url)
  return { at: `${parsed.origin}${parsed.pathname}`, cart: parsed.searchParams.get("cart") }
}

describe("the hosted page (the application's link) in Chromium", () => {
  it("shows the customer, each cart line with its amount and the total; Approve and sign returns the shopper to redirectUrl with a signed contract", async () => {
    const { publicId, link } = await client.createApplication(application())
    expect(new URL(link).origin).toBe(sandbox.url)

    const answer = await page.goto(link)
    expect(answer?.status()).toBe(200)
    expect(answer?.headers()["content-type"]).toMatch(/^text\/html/)

    const text = await page.locator("body").innerText()
    expect(text).toMatch(/Grace/)
    expect(text).toMatch(/Hopper/)
    const descriptions = PRODUCTS.map((product) => product.description)
    for (const product of PRODUCTS) {
      const others = descriptions.filter((description) => description !== product.description)
      const line = await elementHolding([product.description, amountPattern(product.value)], others)
      expect({ line: product.description, shown: line }).toEqual({
        line: product.description,
        shown: expect.stringMatching(amountPattern(product.value)),
      })
    }
    const total = await elementHolding([/total/i, amountPattern(CART_TOTAL)], descriptions)
    expect(total).toMatch(amountPattern(CART_TOTAL))

    await page.screenshot({ path: SCREENSHOT_PATH, fullPage: true })

    const approve = page.getByRole("button", { name: /approve and sign/i })
    await expect(approve.count()).resolves.toBe(1)
    await approve.click()
    await page.waitForURL((url) => url.pathname === "/return")

    expect(landing(page.url())).toEqual({ at: `${storefront.url}/return`, cart: "cart_01H" })
    await expect(page.locator("h1").innerText()).resolves.toBe("Thank you for your order")
    expect(storefront.visits).toContain("/return?cart=cart_01H")

    const status = await client.getApplicationStatus(publicId)
    expect(status).toMatchObject({
      publicId,
      status: "SignedWaitingForInvoice",
      invoiceAmount: CART_TOTAL,
      financingPartnerCode: "SANDLEASE",
    })
  })

  it("Cancel returns the shopper to cancelUrl and leaves the application Pending", async () => {
    const { publicId, link } = await client.createApplication(application())
    await page.goto(link)

    await page.getByRole("button", { name: /^cancel$/i }).click()
    await page.waitForURL((url) => url.pathname === "/cancel")

    expect(landing(page.url())).toEqual({ at: `${storefront.url}/cancel`, cart: "cart_01H" })
    await expect(page.locator("h1").innerText()).resolves.toBe("Your cart is waiting")
    await expect(client.getApplicationStatus(publicId)).resolves.toMatchObject({
      publicId,
      status: "Pending",
      invoiceAmount: null,
    })
  })

  it("Decline returns the shopper to cancelUrl and declines the application", async () => {
    const { publicId, link } = await client.createApplication(application())
    await page.goto(link)

    await page.getByRole("button", { name: /^decline$/i }).click()
    await page.waitForURL((url) => url.pathname === "/cancel")

    expect(landing(page.url())).toEqual({ at: `${storefront.url}/cancel`, cart: "cart_01H" })
    await expect(client.getApplicationStatus(publicId)).resolves.toMatchObject({
      publicId,
      status: "Declined",
      approvalAmount: null,
    })
  })

  it("without a cancelUrl, Cancel returns the shopper to redirectUrl", async () => {
    const { publicId, link } = await client.createApplication(application({ cancelUrl: undefined }))
    await page.goto(link)

    await page.getByRole("button", { name: /^cancel$/i }).click()
    await page.waitForURL((url) => url.pathname === "/return")

    expect(landing(page.url())).toEqual({ at: `${storefront.url}/return`, cart: "cart_01H" })
    await expect(client.getApplicationStatus(publicId)).resolves.toMatchObject({ status: "Pending" })
  })

  it("after signing, Back shows that the contract is signed with the way back to the store; Approve pressed on an old copy of the page answers a page (409), not JSON", async () => {
    const { publicId, link } = await client.createApplication(application())
    // The old copy: a second tab left open on the page while the shopper signs in the first.
    const stale = await context.newPage()
    await stale.goto(link)
    await page.goto(link)
    await page.getByRole("button", { name: /approve and sign/i }).click()
    await page.waitForURL((url) => url.pathname === "/return")

    await page.goBack()
    await expect(page.locator("h1").innerText()).resolves.toBe("This contract is already signed")
    await expect(page.getByRole("button", { name: /approve and sign/i }).count()).resolves.toBe(0)
    await expect(page.getByRole("link", { name: "Back to the store" }).getAttribute("href")).resolves.toBe(
      `${storefront.url}/return?cart=cart_01H`
    )

    const answer = stale.waitForResponse((response) => response.url().endsWith(`/apply/${publicId}/sign`))
    await stale.getByRole("button", { name: /approve and sign/i }).click()
    expect((await answer).status()).toBe(409)
    expect((await answer).headers()["content-type"]).toMatch(/^text\/html/)
    await expect(stale.locator("h1").innerText()).resolves.toBe("This contract is already signed")
    await expect(stale.locator("body").innerText()).resolves.not.toMatch(/[{}]|"status"|conflict/)
    await stale.getByRole("link", { name: "Back to the store" }).click()
    await stale.waitForURL((url) => url.pathname === "/return")
    await expect(client.getApplicationStatus(publicId)).resolves.toMatchObject({
      status: "SignedWaitingForInvoice",
    })
  })

  it("lists the applications in words at /sandbox/applications in a browser (JSON for API clients), and opens at the sandbox's own address", async () => {
    const { publicId } = await client.createApplication(
      application({ firstName: "Ada", lastName: "Lovelace" })
    )

    await page.goto(sandbox.url)
    expect(new URL(page.url()).pathname).toBe("/sandbox/applications")
    const row = page.getByTestId("sandbox-application").filter({ hasText: "Ada Lovelace" })
    await expect(row.innerText()).resolves.toMatch(/Waiting for the shopper/)
    await expect(row.innerText()).resolves.toMatch(amountPattern(CART_TOTAL))
    await expect(row.innerText()).resolves.not.toContain(publicId)
    await row.getByRole("link", { name: "Open the shopper's page" }).click()
    await page.getByRole("button", { name: /approve and sign/i }).click()
    await page.waitForURL((url) => url.pathname === "/return")

    await page.goto(`${sandbox.url}/sandbox/applications`)
    await row.getByRole("button", { name: /fund it/i }).click()
    await expect(row.innerText()).resolves.toMatch(/Funded/)
    await expect(client.getApplicationStatus(publicId)).resolves.toMatchObject({ status: "Funded" })

    const api = await fetch(`${sandbox.url}/sandbox/applications`)
    expect(api.headers.get("content-type")).toMatch(/^application\/json/)
    const listed = ((await api.json()) as { applications: { publicId: string }[] }).applications
    expect(listed.map((entry) => entry.publicId)).toContain(publicId)
  })

  it("shows what the retailer sent as text: markup in a name or a line runs nothing", async () => {
    const hostile = `<img src=x onerror="document.title='pwned'">Lamp & "Shade"`
    const { link } = await client.createApplication(
      application({
        firstName: "<b>Grace</b>",
        products: [{ description: hostile, quantity: 1, value: 40 }],
      })
    )
    await page.goto(link)

    const text = await page.locator("body").innerText()
    expect(text).toContain("<b>Grace</b>")
    expect(text).toContain(hostile)
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0)
    await expect(page.locator("b", { hasText: /^Grace$/ }).count()).resolves.toBe(0)
    await expect(page.title()).resolves.not.toBe("pwned")
  })
})
