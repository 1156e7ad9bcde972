/* global URL */
/*
 * A module resolve hook (see admin-hold.js): `@medusajs/admin-bundler`, as Medusa's admin loader imports it,
 * is admin-held-bundler.mjs, given the ready file's path in its URL. Only that importer: every other one,
 * the held bundler's own load of the real bundler included, gets the real one.
 */

const ADMIN_LOADER = "/@medusajs/medusa/dist/loaders/admin.js"

const HELD = new URL("./admin-held-bundler.mjs", import.meta.url)
let readyFile

export function initialize(data) {
  readyFile = data.readyFile
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "@medusajs/admin-bundler" && context.parentURL?.endsWith(ADMIN_LOADER)) {
    const url = new URL(HELD)
    url.searchParams.set("ready", readyFile)
    return { url: url.href, shortCircuit: true }
  }
  return nextResolve(specifier, context)
}
