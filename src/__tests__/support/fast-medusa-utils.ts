import { dirname, join } from "node:path"

/** Where `@medusajs/utils` keeps each export the plugin's provider code needs, under its dist folder. */
const FILES: Record<string, string[]> = {
  MedusaError: ["common", "errors"],
  AbstractPaymentProvider: ["payment", "abstract-payment-provider"],
  MathBN: ["totals", "math"],
}

/**
 * `@medusajs/framework/utils` re-exports all of `@medusajs/utils` (workflows, ORM helpers, …), which takes
 * seconds to load under jest. The provider code uses only MedusaError, AbstractPaymentProvider and MathBN
 * from it; each is loaded on first use from the very file the barrel re-exports, so `instanceof` and the
 * behaviour are Medusa's own. Anything else asked of the module loads the real barrel. Use it as
 *
 *   jest.mock("@medusajs/framework/utils", () =>
 *     jest.requireActual<typeof import("<path>/fast-medusa-utils")>("<path>/fast-medusa-utils").fastMedusaUtils()
 *   )
 */
export function fastMedusaUtils(): Record<PropertyKey, unknown> {
  const dist = dirname(require.resolve("@medusajs/utils"))
  const loaded = new Map<PropertyKey, unknown>()
  return new Proxy({ __esModule: true } as Record<PropertyKey, unknown>, {
    get: (target, key) => {
      if (key in target) return target[key]
      if (!loaded.has(key)) {
        const file = typeof key === "string" ? FILES[key] : undefined
        const source = file
          ? jest.requireActual<Record<string, unknown>>(join(dist, ...file))
          : jest.requireActual<Record<PropertyKey, unknown>>("@medusajs/framework/utils")
        loaded.set(key, source[key as string])
      }
      return loaded.get(key)
    },
  })
}
