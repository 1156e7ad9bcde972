import { spawn } from "node:child_process"
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { mkdir, rm, writeFile } from "node:fs/promises"
import os from "node:os"
import path from "node:path"

import type { Browser, BrowserContext, Page } from "playwright-core"

import { launchChromium } from "../../src/sandbox/__tests__/browser/support/chromium"
import { ADMIN_CREDENTIALS } from "../helpers/admin"

export { launchChromium }

/*
 * The real Medusa dashboard, with this plugin's admin extensions built from `src/admin`, in a real Chromium.
 *
 * How it is served: integration-tests/admin-app/build-admin.js bundles the dashboard the way
 * `medusa build --admin-only` does (same admin-bundler call), into `.medusa/browser-tests/admin`, and only
 * again when src/admin changed. The test app keeps the admin disabled: under jest NODE_ENV is "test", for
 * which Medusa's admin loader would serve a prebuilt bundle from `<app root>/public/admin` (with
 * NODE_ENV=development it would start Vite's dev server inside the jest process instead). The browser
 * context answers every request under `<backend>/app` with the built files, as Medusa's admin loader does
 * (the file if the build has it, else index.html); every other request reaches the Medusa app under test.
 * The dashboard is built with backendUrl "/", so it and the widget call the server they were loaded from:
 * same origin, cookie session, no CORS.
 */

/** The root of the plugin's order widget, which a failure screenshot scrolls into view when it is there. */
export const WIDGET_TEST_ID = "retail-financing-widget"

/** The dashboard's path: Medusa's default, and what integration-tests/admin-app/build-admin.js builds for. */
export const ADMIN_PATH = "/app"

const REPO_ROOT = path.resolve(__dirname, "../..")
const BUILD_SCRIPT = path.join(REPO_ROOT, "integration-tests/admin-app/build-admin.js")
/** Under the repository's `.medusa/`, which git, ESLint, Prettier and jest ignore. */
const WORK_DIR = path.join(REPO_ROOT, ".medusa/browser-tests")
export const ADMIN_BUILD_DIR = path.join(WORK_DIR, "admin")
const ADMIN_SOURCES = [path.join(REPO_ROOT, "src/admin"), BUILD_SCRIPT]
const BUILD_LOG = path.join(os.tmpdir(), "retail-financing-admin-build.log")
/** When the build on disk started: a source saved after that, even during the build, makes it stale. */
const BUILD_STAMP = path.join(WORK_DIR, "admin-build-started-at")

function newestChange(target: string): number {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    stat.mtimeMs
  )
}

/** Why the dashboard bundle has to be (re)built, or null when the one on disk is up to date. */
export function adminBuildOutdated(): string | null {
  if (process.env.RETAIL_FINANCING_ADMIN_REBUILD === "1") return "RETAIL_FINANCING_ADMIN_REBUILD=1"
  if (!existsSync(path.join(ADMIN_BUILD_DIR, "index.html")) || !existsSync(BUILD_STAMP)) return "no build yet"
  const startedAt = Number(readFileSync(BUILD_STAMP, "utf8"))
  const changed = ADMIN_SOURCES.find((source) => !(newestChange(source) < startedAt))
  return changed ? `${path.relative(REPO_ROOT, changed)} changed since the last build` : null
}

/**
 * Builds the dashboard with the plugin's extensions unless the build on disk is newer than every file in
 * src/admin. A child process, so Vite and Rollup load as in a terminal, not through jest's module system.
 * 45-100 s on two cores (more when the machine is busy), 2.2 GB peak; its output goes to a log in the temp
 * folder.
 */
export async function ensureAdminBuild(): Promise<{ rebuilt: boolean; reason: string | null; ms: number }> {
  const started = Date.now()
  const reason = adminBuildOutdated()
  if (!reason) return { rebuilt: false, reason, ms: 0 }

  const env: NodeJS.ProcessEnv = { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true" }
  // jest's NODE_ENV=test and --experimental-vm-modules are for the test process, not for Vite's build.
  delete env.NODE_ENV
  delete env.NODE_OPTIONS
  await rm(BUILD_STAMP, { force: true })
  await rm(ADMIN_BUILD_DIR, { recursive: true, force: true })
  await mkdir(WORK_DIR, { recursive: true })
  const log = createWriteStream(BUILD_LOG)
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [BUILD_SCRIPT, WORK_DIR, ADMIN_BUILD_DIR], {
      cwd: WORK_DIR,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    child.stdout.pipe(log)
    child.stderr.pipe(log)
    child.once("error", reject)
    child.once("close", resolve)
  })
  await new Promise((resolve) => log.end(resolve))
  if (code !== 0 || !existsSync(path.join(ADMIN_BUILD_DIR, "index.html"))) {
    const tail = readFileSync(BUILD_LOG, "utf8").split("\n").slice(-30).join("\n")
    throw new Error(
      `${path.relative(REPO_ROOT, BUILD_SCRIPT)} exited ${code} (${reason}); end of ${BUILD_LOG}:\n${tail}`
    )
  }
  await writeFile(BUILD_STAMP, String(started))
  return { rebuilt: true, reason, ms: Date.now() - started }
}

/** What went wrong in the page, for the message of a failed test. */
export interface PageDiagnostics {
  consoleErrors: string[]
  /** Requests answered 4xx/5xx (those the page's opener counts), or not answered at all. */
  failedRequests: string[]
}

export interface AdminSession {
  context: BrowserContext
  page: Page
  backendUrl: string
  diagnostics: PageDiagnostics
}

/**
 * A fresh browser context and one page in it, recording console errors and failed requests. English and
 * one time zone, so labels and dates do not depend on the machine.
 */
export async function openPage(
  browser: Browser,
  backendUrl: string,
  {
    width = 1280,
    countsAsFailed = () => true,
  }: {
    width?: number
    /** Which answers of 400 and above, and which requests without an answer, are worth reporting; every one unless told. */
    countsAsFailed?: (url: URL) => boolean
  } = {}
): Promise<AdminSession> {
  const context = await browser.newContext({
    viewport: { width, height: 1000 },
    locale: "en-US",
    timezoneId: "America/Chicago",
  })
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(30_000)
  const page = await context.newPage()
  const diagnostics: PageDiagnostics = { consoleErrors: [], failedRequests: [] }
  page.on("console", (message) => {
    if (message.type() === "error") diagnostics.consoleErrors.push(message.text())
  })
  page.on("pageerror", (error) => diagnostics.consoleErrors.push(`${error.name}: ${error.message}`))
  page.on("response", (response) => {
    const url = new URL(response.url())
    if (response.status() >= 400 && countsAsFailed(url)) {
      diagnostics.failedRequests.push(`${response.request().method()} ${url.href} -> ${response.status()}`)
    }
  })
  // The same filter for requests that got no answer: the dashboard's order page loads its country flags from a
  // CDN, which this machine cannot reach by design; only the backend's own requests are the page's failures.
  page.on("requestfailed", (request) => {
    if (!countsAsFailed(new URL(request.url()))) return
    diagnostics.failedRequests.push(`${request.method()} ${request.url()} -> ${request.failure()?.errorText}`)
  })
  return { context, page, backendUrl, diagnostics }
}

/** A page (openPage) whose `<backendUrl>/app/**` is the built dashboard. */
export async function openAdmin(browser: Browser, backendUrl: string): Promise<AdminSession> {
  const origin = new URL(backendUrl).origin
  const session = await openPage(browser, backendUrl, {
    width: 1440,
    // The dashboard's own files are the build's; what is worth reporting is the backend's answers.
    countsAsFailed: (url) => url.origin === origin && !url.pathname.startsWith(ADMIN_PATH),
  })
  await session.context.route(
    (url) =>
      url.origin === origin && (url.pathname === ADMIN_PATH || url.pathname.startsWith(`${ADMIN_PATH}/`)),
    async (route) => {
      const { pathname } = new URL(route.request().url())
      const relative = decodeURIComponent(pathname.slice(ADMIN_PATH.length)).replace(/^\/+/, "")
      const file = path.resolve(ADMIN_BUILD_DIR, relative)
      // As Medusa's admin loader: a file of the build if there is one, else the single page app's index.
      const isBuildFile =
        relative !== "" && file.startsWith(`${ADMIN_BUILD_DIR}${path.sep}`) && existsSync(file)
      await route.fulfill({
        path: isBuildFile && statSync(file).isFile() ? file : path.join(ADMIN_BUILD_DIR, "index.html"),
      })
    }
  )
  return session
}

/** Logs in through the dashboard's own form, as a merchant does, and waits for the dashboard behind it. */
export async function logIn(session: AdminSession, login = ADMIN_CREDENTIALS): Promise<void> {
  const { page, backendUrl } = session
  await page.goto(`${backendUrl}${ADMIN_PATH}/login`)
  await page.locator('input[name="email"]').fill(login.email)
  await page.locator('input[name="password"]').fill(login.password)
  await page.locator('button[type="submit"]').click()
  // The dashboard sends a logged-in user to the orders list.
  await page.waitForURL((url) => url.pathname.startsWith(`${ADMIN_PATH}/orders`))
}

/**
 * Opens an order's page and waits until the dashboard rendered that order: its heading "#<display id>".
 * Widgets load their own data after that; wait for their test ids.
 */
export async function openOrder(session: AdminSession, orderId: string, displayId: number): Promise<void> {
  const { page, backendUrl } = session
  await page.goto(`${backendUrl}${ADMIN_PATH}/orders/${orderId}`)
  await page
    .getByRole("heading", { name: `#${displayId}`, exact: true })
    .first()
    .waitFor()
}

/**
 * Runs a browser step and, when it fails, saves a full-page screenshot to the temp folder and adds its
 * path and what went wrong in the page to the error.
 */
export async function withScreenshotOnFailure<T>(
  session: AdminSession,
  name: string,
  step: () => Promise<T>
): Promise<T> {
  try {
    return await step()
  } catch (error) {
    // The dashboard scrolls inside its own container, so a full-page shot holds only what is in view:
    // bring the widget there when the page has it.
    await session.page
      .getByTestId(WIDGET_TEST_ID)
      .first()
      .scrollIntoViewIfNeeded({ timeout: 1_000 })
      .catch(() => undefined)
    const file = path.join(os.tmpdir(), `retail-financing-${name.replace(/[^a-z0-9-]+/gi, "-")}.png`)
    const saved = await session.page
      .screenshot({ path: file, fullPage: true })
      .then(() => `screenshot: ${file}`)
      .catch((screenshotError: unknown) => `no screenshot: ${String(screenshotError)}`)
    const { consoleErrors, failedRequests } = session.diagnostics
    const details = [
      saved,
      `page: ${session.page.url()}`,
      `failed requests: ${failedRequests.length ? failedRequests.join("; ") : "none"}`,
      `console errors: ${consoleErrors.length ? consoleErrors.slice(-10).join("; ") : "none"}`,
    ].join("\n")
    if (error instanceof Error) {
      // jest prints the stack, which holds the message as it was when the error was made.
      const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line))
      error.message = `${error.message}\n\n${details}`
      error.stack = [error.message, ...frames].join("\n")
      throw error
    }
    throw new Error(`${String(error)}\n\n${details}`, { cause: error })
  }
}

/**
 * A spec file's Chromium, for the real dashboard: the dashboard bundle is brought up to date first (before
 * Medusa boots: the build needs the memory more than the app does, about 2.2 GB at its peak), and the
 * browser is closed after the file. Returns a getter, since the browser exists only once beforeAll ran.
 */
export function useDashboardBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    const build = await ensureAdminBuild()
    if (build.rebuilt) process.stdout.write(`admin dashboard rebuilt in ${build.ms} ms (${build.reason})\n`)
    browser = await launchChromium()
  }, 300_000)
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error("the browser is not started yet: use it inside a test")
    return browser
  }
}
