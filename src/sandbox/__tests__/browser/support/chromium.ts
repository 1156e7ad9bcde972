import { existsSync } from "node:fs"

import { type Browser, chromium } from "playwright-core"

/*
 * playwright-core brings no browser of its own: Debian's chromium is used (CI installs it in .ci/run).
 * CHROMIUM_PATH points at another binary. A missing browser fails the browser tests; it never skips them.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
]

/** The one way every browser test starts Chromium. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `no Chromium at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium; .ci/run does) ` +
        "or set CHROMIUM_PATH to a Chromium binary. The browser tests never skip."
    )
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
}
