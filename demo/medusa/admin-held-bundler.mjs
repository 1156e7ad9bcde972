/* global URL */
/*
 * Medusa's dashboard bundler, whose `serve` (the admin loader's one call at boot) waits until the demo says
 * the bundle is built (admin-hold.js). Everything else is the bundler's own.
 */
import { createRequire } from "node:module"

// The bundler as @medusajs/medusa resolves it, not by hoisting.
const fromMedusa = createRequire(createRequire(import.meta.url).resolve("@medusajs/medusa/package.json"))
const bundler = fromMedusa("@medusajs/admin-bundler")
const { untilExists } = createRequire(import.meta.url)("./admin-hold.js")
const readyFile = new URL(import.meta.url).searchParams.get("ready")

export const { build, develop, plugin } = bundler

export async function serve(options) {
  await untilExists(readyFile)
  return bundler.serve(options)
}
