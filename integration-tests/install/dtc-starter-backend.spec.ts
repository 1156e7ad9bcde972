import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

import type { Page } from "playwright-core"

import { launchChromium, openPage, withScreenshotOnFailure } from "../browser/admin-browser"
import { asLowAsMessage } from "../browser/demo-shopper"
import { freePort } from "../helpers/free-port"
import { sharedFixture } from "../helpers/shared-fixture"
import {
  answers,
  captureOutput,
  exitCode,
  medusa,
  merchantEnv,
  PACKAGE,
  packPlugin,
  readmeConfig,
  ROOT,
  stopGroup,
  withPostgres,
} from "./install-helpers"
import { FINANCED_PRODUCT, sellInTheUnitedStates, startStorefront } from "./dtc-us-store"

/** A screenshot to look at, when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}

/*
 * Medusa's DTC starter (a read-only snapshot in ../shared/fixtures/dtc-starter), its backend set up exactly as
 * examples/dtc-starter/README.md says: the commands of its ```bash dtc-starter-backend blocks are read out of
 * the README and run in order, so the page and this test cannot drift. The starter pins Medusa 2.18.0 and
 * the plugin needs 2.21, so these commands include the upgrade; pnpm installs from the registry.
 *
 * What differs from a merchant's shell, and why:
 * - `pnpm` is the version the starter's packageManager names, through npx (nothing installed by hand).
 * - `pnpm add medusa-payment-retail-financing` gets the packed tarball of this checkout instead of the
 *   registry's release: the change under test is this one (`npm run build` first).
 * - DATABASE_URL names the test's own database and FINANCING_BASE_URL the sandbox on a free port, through the
 *   environment (loadEnv never overrides a variable already set).
 */

const FIXTURE = process.env.DTC_STARTER_FIXTURE ?? sharedFixture(ROOT, "dtc-starter")
const EXAMPLE_README = path.join(ROOT, "examples/dtc-starter/README.md")
/** The commands of the README's ```bash <tag> blocks, in order: comments and blank lines dropped. */
function readmeCommands(tag: "dtc-starter-backend" | "dtc-starter-storefront"): string[] {
  const text = readFileSync(EXAMPLE_README, "utf8")
  const block = new RegExp("```bash " + tag + "\\n([\\s\\S]*?)```", "g")
  const commands = [...text.matchAll(block)].flatMap((match) =>
    match[1].split("\n").filter((line) => line.trim() !== "" && !line.trim().startsWith("#"))
  )
  if (commands.length === 0) throw new Error(`${EXAMPLE_README} has no \`\`\`bash ${tag} block`)
  return commands
}

/** A `pnpm` on PATH that is the starter's own pnpm version, fetched by npx. */
function pnpmShim(workDir: string, starterDir: string): string {
  const { packageManager } = JSON.parse(readFileSync(path.join(starterDir, "package.json"), "utf8")) as {
    packageManager: string
  }
  const bin = path.join(workDir, "bin")
  mkdirSync(bin)
  writeFileSync(path.join(bin, "pnpm"), `#!/bin/sh\nexec npx -y ${packageManager} "$@"\n`)
  chmodSync(path.join(bin, "pnpm"), 0o755)
  return bin
}

describe("Medusa's DTC starter: the backend set up as examples/dtc-starter/README.md says", () => {
  const workDir = mkdtempSync(path.join(tmpdir(), "rf-dtc-"))
  const starterDir = path.join(workDir, "dtc-starter")
  const backendDir = path.join(starterDir, "apps/backend")
  const database = `retail_financing_dtc_${process.pid}_${Date.now().toString(36)}`
  const children: ChildProcess[] = []
  let env: NodeJS.ProcessEnv
  let tarball: string
  /** The running backend and the publishable key its seed made, for the storefront. */
  let backend: { url: string; publishableKey: string; sandboxUrl: string } | undefined
  /** Where the storefront runs: its origin goes in the backend's CORS and allowedRedirectOrigins. */
  let storefrontOrigin: string
  /** The storefront's shell: a person's, without the backend shell's NODE_ENV=development. */
  let storefrontEnv: NodeJS.ProcessEnv | undefined
  let storefrontBuilt = false

  beforeAll(async () => {
    cpSync(FIXTURE, starterDir, { recursive: true })
    // The fixture's files are read-only; the copy is the merchant's clone, theirs to change.
    execFileSync("chmod", ["-R", "u+w", starterDir])
    tarball = packPlugin(workDir)
    await withPostgres("postgres", (client) => client.query(`create database "${database}"`))
    env = merchantEnv(`postgres://postgres@localhost:5432/${database}`)
    env.PATH = `${pnpmShim(workDir, starterDir)}:${env.PATH}`
    storefrontOrigin = `http://localhost:${await freePort()}`
    // The .env the README makes names the storefront at :8000; this one runs where a port is free (the
    // environment wins over .env, as loadEnv never overrides a variable already set).
    env.STORE_CORS = storefrontOrigin
    env.AUTH_CORS = `${storefrontOrigin},http://localhost:9000`
  }, 60_000)

  afterAll(async () => {
    for (const child of children) stopGroup(child)
    await withPostgres("postgres", (client) =>
      client.query(`drop database if exists "${database}" with (force)`)
    ).catch(() => undefined)
    rmSync(workDir, { recursive: true, force: true })
  })

  /**
   * Runs the README's commands of one kind from the starter's root, as a person would in one shell: a
   * `cd` moves the rest. `before` runs ahead of each command, for the prose steps between them.
   */
  async function runReadme(
    tag: "dtc-starter-backend" | "dtc-starter-storefront",
    before: (command: string) => void = () => undefined,
    shellEnv: NodeJS.ProcessEnv = env
  ): Promise<void> {
    let cwd = starterDir
    for (const command of readmeCommands(tag)) {
      const cd = /^cd (\S+)$/.exec(command)
      if (cd) {
        cwd = path.join(cwd, cd[1])
        continue
      }
      before(command)
      const line = command.replace(new RegExp(`^pnpm add ${PACKAGE}$`), `pnpm add ${tarball}`)
      const child = spawn("bash", ["-c", line], {
        cwd,
        env: shellEnv,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      })
      children.push(child)
      const output = captureOutput(child)
      const code = await exitCode(child)
      expect({ command, code, output: code === 0 ? "" : output() }).toEqual({ command, code: 0, output: "" })
    }
  }

  it("the README's commands run: Medusa upgraded to 2.21, the plugin installed, its tables migrated", async () => {
    // The one step that is prose, not a command: medusa-config.ts becomes the repository README's snippet,
    // before the first command that loads it.
    await runReadme("dtc-starter-backend", (command) => {
      if (command.startsWith("npx medusa ")) writeMedusaConfig()
    })

    const installed = JSON.parse(readFileSync(path.join(backendDir, "package.json"), "utf8")) as {
      dependencies: Record<string, string>
    }
    expect(installed.dependencies).toMatchObject({
      "@medusajs/medusa": "2.21.2",
      "@medusajs/framework": "2.21.2",
      [PACKAGE]: expect.stringContaining(path.basename(tarball)),
    })
    const tables = await withPostgres(database, (client) =>
      client.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_name like 'retail_financing_%' order by 1`
      )
    )
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(["retail_financing_action", "retail_financing_application"])
    )
  }, 360_000)

  /**
   * The README says: replace medusa-config.ts with the repository README's snippet, the storefront's origin in
   * place of its example shop's (the return and cancel URLs and `allowedRedirectOrigins`).
   */
  function writeMedusaConfig(): void {
    const config = readmeConfig()
    const withStorefront = config.replaceAll("https://shop.example.com", storefrontOrigin)
    if (!/allowedRedirectOrigins: \["http:\/\/localhost:\d+"\]/.test(withStorefront)) {
      throw new Error(
        "the README's config no longer names https://shop.example.com in allowedRedirectOrigins"
      )
    }
    writeFileSync(path.join(backendDir, "medusa-config.ts"), withStorefront)
  }

  it("the backend starts: the plugin's provider is registered and its store route answers from the sandbox", async () => {
    const sandboxPort = await freePort()
    const sandbox = spawn(
      path.join(backendDir, "node_modules/.bin/retail-financing-sandbox"),
      ["--port", String(sandboxPort)],
      { cwd: backendDir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] }
    )
    children.push(sandbox)
    const port = await freePort()
    // The .env names the backend at :9000; this one runs where a port is free, and the service's status
    // callbacks must reach it there (as they reach a merchant's on its own address).
    const server = medusa(
      backendDir,
      {
        ...env,
        FINANCING_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
        MEDUSA_BACKEND_URL: `http://localhost:${port}`,
      },
      ["develop", "--port", String(port)]
    )
    children.push(server)
    const output = captureOutput(server)
    const running = () => server.exitCode === null && server.signalCode === null
    const up = await answers(`http://localhost:${port}/health`, Date.now() + 120_000, running)
    expect({ up, output: up ? "" : output() }).toEqual({ up: true, output: "" })

    const providers = await withPostgres(database, (client) =>
      client.query<{ id: string }>(`select id from payment_provider where id like 'pp_retail-financing_%'`)
    )
    expect(providers.rows.map((row) => row.id)).toEqual(["pp_retail-financing_retail-financing"])

    // The starter's seed (run by db:migrate) made the publishable key a storefront uses.
    const keys = await withPostgres(database, (client) =>
      client.query<{ token: string }>(
        `select token from api_key where type = 'publishable' and revoked_at is null`
      )
    )
    expect(keys.rows).toHaveLength(1)
    const asLowAs = await fetch(`http://localhost:${port}/store/retail-financing/as-low-as?amount=1000`, {
      headers: { "x-publishable-api-key": keys.rows[0].token },
    })
    const body = (await asLowAs.json()) as { available: boolean; as_low_as: unknown }
    // An offer, not the `unavailable` answer: the plugin's route, its options and the service all connected.
    expect({
      status: asLowAs.status,
      available: body.available,
      output: body.available ? "" : output(),
    }).toEqual({ status: 200, available: true, output: "" })
    expect(body.as_low_as).not.toBeNull()
    // The README's step 4, in the admin: a US region, shipping and prices. Before the storefront's build,
    // which keeps the regions and products it reads (the starter's fetches are force-cache).
    await sellInTheUnitedStates(backendDir, env, `http://localhost:${port}`)
    backend = {
      url: `http://localhost:${port}`,
      publishableKey: keys.rows[0].token,
      sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    }
  }, 180_000)

  it("the storefront's files and patch apply to the starter as it is; it type-checks and builds against the backend", async () => {
    if (!backend) throw new Error("the backend did not start: see the test above")
    const storefrontDir = path.join(starterDir, "apps/storefront")
    // The prose step: .env.local with the variables the README names.
    writeFileSync(
      path.join(storefrontDir, ".env.local"),
      [
        `NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY=${backend.publishableKey}`,
        `NEXT_PUBLIC_MEDUSA_BACKEND_URL=${backend.url}`,
        `NEXT_PUBLIC_BASE_URL=${storefrontOrigin}`,
        "NEXT_PUBLIC_DEFAULT_REGION=us",
        "",
      ].join("\n")
    )
    const started = Date.now()
    // The backend's shell sets NODE_ENV=development (medusa develop); a person's shell for `next build` has
    // none, and Next.js refuses to prerender its error pages under a development NODE_ENV.
    const { NODE_ENV: _backendOnly, ...shell } = env
    storefrontEnv = shell
    await runReadme("dtc-starter-storefront", undefined, storefrontEnv)
    // What `next build` made: the pages the example adds, among the starter's own.
    const manifest = JSON.parse(
      readFileSync(path.join(storefrontDir, ".next/app-path-routes-manifest.json"), "utf8")
    ) as Record<string, string>
    expect(Object.values(manifest)).toEqual(
      expect.arrayContaining([
        "/[countryCode]/checkout/financing/return",
        "/[countryCode]/checkout/financing/cancel",
      ])
    )
    process.stdout.write(
      `DTC storefront: copied, patched, type-checked and built in ${Date.now() - started} ms\n`
    )
    storefrontBuilt = true
  }, 600_000)

  it("a financed checkout in Chromium: As low as, Pay over time, signed at the sandbox, back to the starter's confirmation; one order; a cart changed before signing and a refused cart (in Spanish) are told why", async () => {
    if (!backend || !storefrontEnv || !storefrontBuilt) throw new Error("no storefront: see the tests above")
    const { sandboxUrl } = backend
    const storefront = startStorefront(
      path.join(starterDir, "apps/storefront"),
      storefrontEnv,
      storefrontOrigin
    )
    children.push(storefront)
    const storefrontOutput = captureOutput(storefront)
    const running = () => storefront.exitCode === null && storefront.signalCode === null
    const up = await answers(`${storefrontOrigin}/us`, Date.now() + 60_000, running)
    expect({ up, output: up ? "" : storefrontOutput() }).toEqual({ up: true, output: "" })

    const browser = await launchChromium()
    // Each shopper starts from a new browser: each case is about its own cart, not the one before.
    const freshShopper = async () => {
      const next = await openPage(browser, storefrontOrigin)
      // A production Next.js server under CI's load: Add to cart (a server action making the cart) took
      // over 15 s there once, and landed; a shopper waits, and so does this test.
      next.context.setDefaultTimeout(60_000)
      return next
    }
    try {
      const shopper = await freshShopper()
      const { page } = shopper
      const orderId = await withScreenshotOnFailure(shopper, "dtc-checkout", async () => {
        await addTheProduct(page, 1)
        await asLowAsMessage(page, "cart-as-low-as").waitFor()
        await page.getByTestId("checkout-button").click()
        await fillAddressAndShipping(page, "512-555-0142")
        await asLowAsMessage(page, "checkout-as-low-as").waitFor()
        await payOverTimeUpToTheService(page, sandboxUrl)
        await page.getByRole("button", { name: /approve and sign/i }).click()
        // The sandbox's contracts leave a payment to make at the store: the return page says how much, and
        // only then leads to the starter's confirmation (which would show the order as paid in full), whether
        // the signed callback or the shopper's return placed the order.
        const inStore = page.getByTestId("in-store-payment")
        await inStore.waitFor({ timeout: 60_000 })
        expect(await inStore.innerText()).toMatch(/\$\d+\.\d{2}.*owe it to the store/)
        await shot(page, "dtc-in-store-payment")
        await page.getByTestId("see-order").click()
        await page.waitForURL(/\/us\/order\/[^/]+\/confirmed/, { timeout: 60_000 })
        // The starter's own confirmation, rendered (not its loading skeleton).
        await page.getByTestId("order-complete-container").getByText("Thank you!").waitFor()
        await shot(page, "dtc-confirmed")
        return /\/order\/([^/]+)\/confirmed/.exec(new URL(page.url()).pathname)![1]
      })
      // One order for the cart, made from the ledger's contract.
      const orders = await withPostgres(database, (client) =>
        client.query<{ order_id: string }>(
          `select other.order_id from order_cart mine join order_cart other on other.cart_id = mine.cart_id
           where mine.order_id = $1 and mine.deleted_at is null and other.deleted_at is null`,
          [orderId]
        )
      )
      expect(orders.rows.map((row) => row.order_id)).toEqual([orderId])
      const contracts = await withPostgres(database, (client) =>
        client.query(`select 1 from retail_financing_application where order_id = $1`, [orderId])
      )
      expect(contracts.rowCount).toBe(1)

      // Signed after the cart changed in another tab: no order, and the return page says why in the
      // plugin's words, never Medusa's error or an internal id.
      const changedCart = await freshShopper()
      await withScreenshotOnFailure(changedCart, "dtc-signed-no-order", async () => {
        const tab = changedCart.page
        await addTheProduct(tab, 1)
        await tab.goto(`${storefrontOrigin}/us/checkout?step=address`)
        await fillAddressAndShipping(tab, "512-555-0142")
        await payOverTimeUpToTheService(tab, sandboxUrl)
        const otherTab = await changedCart.context.newPage()
        await addTheProduct(otherTab, 2)
        await otherTab.close()
        await tab.getByRole("button", { name: /approve and sign/i }).click()
        const message = tab.locator("[data-testid=financing-message][data-state=signed_no_order]")
        await message.waitFor()
        expect(await message.innerText()).toContain("Your cart changed after you applied")
        expect(await tab.locator("body").innerText()).not.toMatch(
          /payses_|paycol_|pay_[0-9A-Z]|cart_[0-9A-Z]|rfapp_|order_[0-9A-Z]|not authorized|required to complete/
        )
        await shot(tab, "dtc-signed-no-order")
      })

      // A shopper who chose Spanish in the starter (its locale cookie), with a UK phone: Pay over time is
      // shown disabled, the plugin's sentence under it and the example's own words in Spanish, and "As low
      // as" in Spanish, although the starter's <html lang> says "en".
      const refused = await freshShopper()
      await refused.context.addCookies([{ name: "_medusa_locale", value: "es-US", url: storefrontOrigin }])
      await withScreenshotOnFailure(refused, "dtc-refused", async () => {
        await addTheProduct(refused.page, 1)
        await refused.page.goto(`${storefrontOrigin}/us/checkout?step=address`)
        await fillAddressAndShipping(refused.page, "+44 20 7946 0958")
        await asLowAsMessage(refused.page, "checkout-as-low-as", /^Desde \$/).waitFor()
        const reasons = refused.page.getByTestId("financing-reasons")
        await reasons.getByText("Pagar a plazos no está disponible para este pedido:").waitFor()
        expect(await reasons.innerText()).toContain("Escribe un número de celular de EE. UU.")
        await shot(refused.page, "dtc-refused")
      })
    } catch (error) {
      // What the storefront's server said is the first thing to read when a page did not do what it should.
      console.error(`the storefront's output:\n${storefrontOutput()}`)
      throw error
    } finally {
      await browser.close()
    }
  }, 300_000)

  /**
   * The financed product's page: its options chosen, "As low as" shown for that variant, added to the cart,
   * which then holds `count` of it; ends on the cart page.
   */
  async function addTheProduct(page: Page, count: number): Promise<void> {
    await page.goto(`${storefrontOrigin}/us/products/${FINANCED_PRODUCT.handle}`)
    // Each option's first value (the starter enables Add to cart once a variant is chosen); the mobile
    // layout's copies of the options are hidden at this width.
    const groups = page.locator("[data-testid=product-options]:visible")
    for (let index = 0; index < (await groups.count()); index++) {
      await groups.nth(index).getByTestId("option-button").first().click()
    }
    // In English, or in Spanish for a shopper who chose it.
    await asLowAsMessage(page, "product-as-low-as", /^(As low as|Desde) \$/).waitFor()
    await shot(page, "dtc-product")
    // The starter puts the chosen variant in the URL (a client navigation); a click while React applies it
    // was once swallowed (no server action sent). Click once the page is idle, and again only when the click
    // sent nothing, so the product is never added twice.
    await page.waitForURL((url) => url.searchParams.has("v_id"))
    await page.waitForLoadState("networkidle")
    const isAction = (request: { method(): string; headers(): Record<string, string> }) =>
      request.method() === "POST" && request.headers()["next-action"] !== undefined
    for (let attempt = 1; ; attempt++) {
      const sent = page.waitForRequest(isAction, { timeout: 10_000 }).then(
        () => true,
        () => false
      )
      const answered = page.waitForResponse((response) => isAction(response.request()))
      await page.getByTestId("add-product-button").click()
      if (await sent) {
        // Add to cart is a server action: it answered, and the starter's cart cookie names the cart.
        expect((await answered).status()).toBe(200)
        break
      }
      answered.catch(() => undefined)
      if (attempt === 3) throw new Error("Add to cart sent no request in 3 clicks")
    }
    expect((await page.context().cookies()).map(({ name }) => name)).toContain("_medusa_cart_id")
    // What the cart holds, as the server renders it on a page loaded afresh: the product page's own header
    // follows only once Next.js's router applies the action's answer in the browser, and under load that
    // answer was once aborted in the browser (the cart made on the server, the header still "Cart (0)").
    await page.goto(`${storefrontOrigin}/us/cart`)
    await page
      .getByTestId("nav-cart-link")
      .filter({ hasText: `(${count})` })
      .waitFor()
  }

  /** The payment step: Pay over time chosen, reviewed, and on to the service's page (the sandbox's). */
  async function payOverTimeUpToTheService(page: Page, sandboxUrl: string): Promise<void> {
    await page.getByText("Pay over time", { exact: true }).click()
    await shot(page, "dtc-payment")
    await page.getByTestId("submit-payment-button").click()
    await page.getByTestId("submit-order-button").click()
    await page.waitForURL((url) => url.origin === new URL(sandboxUrl).origin, { timeout: 30_000 })
  }

  /** The starter's address step with a US address and the given phone, then its one US shipping option. */
  async function fillAddressAndShipping(page: Page, phone: string): Promise<void> {
    await page.getByTestId("shipping-first-name-input").fill("Jordan")
    await page.getByTestId("shipping-last-name-input").fill("Rivera")
    await page.getByTestId("shipping-address-input").fill("1 Main St")
    await page.getByTestId("shipping-postal-code-input").fill("78701")
    await page.getByTestId("shipping-city-input").fill("Austin")
    await page.getByTestId("shipping-country-select").selectOption("us")
    await page.getByTestId("shipping-province-input").fill("TX")
    await page.getByTestId("shipping-email-input").fill("jordan.rivera@example.com")
    await page.getByTestId("shipping-phone-input").fill(phone)
    await page.getByTestId("submit-address-button").click()
    await page.getByTestId("delivery-option-radio").first().click()
    await page.getByTestId("submit-delivery-option-button").click()
  }
})
