import { spawn } from "node:child_process"

import { captureOutput, exitCode, medusa } from "./install-helpers"

/*
 * What examples/dtc-starter/README.md asks a merchant to do in the admin before the first financed order,
 * done here through Medusa's Admin API: the starter's seed sells in euros to Europe only, and the plugin
 * finances US-dollar carts with a US address. One admin user, a US region offering the plugin's provider
 * (and Manual payment), a US service zone with a shipping option, and a product priced within the plugin's
 * minimum and maximum.
 */

export const DTC_ADMIN = { email: "admin@example.com", password: "supersecret" }
/** A product of the starter's seed, priced here within the README config's $200 to $5,000. */
export const FINANCED_PRODUCT = { handle: "t-shirt", usdAmount: 1299 }

export async function sellInTheUnitedStates(
  backendDir: string,
  env: NodeJS.ProcessEnv,
  backendUrl: string
): Promise<void> {
  const user = medusa(backendDir, env, ["user", "-e", DTC_ADMIN.email, "-p", DTC_ADMIN.password])
  const output = captureOutput(user)
  if ((await exitCode(user)) !== 0) throw new Error(`medusa user failed:\n${output()}`)
  const auth = (await (
    await fetch(`${backendUrl}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DTC_ADMIN),
    })
  ).json()) as { token: string }

  const admin = async <T>(route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${backendUrl}${route}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${auth.token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const data = (await response.json().catch(() => ({}))) as T
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(data)}`)
    return data
  }

  await admin("/admin/regions", {
    name: "United States",
    currency_code: "usd",
    countries: ["us"],
    payment_providers: ["pp_retail-financing_retail-financing", "pp_system_default"],
  })
  type Zone = { id: string; name: string }
  const { stock_locations } = await admin<{
    stock_locations: { fulfillment_sets: { id: string; service_zones: Zone[] }[] }[]
  }>("/admin/stock-locations?fields=id,*fulfillment_sets,*fulfillment_sets.service_zones")
  const { fulfillment_set } = await admin<{ fulfillment_set: { service_zones: Zone[] } }>(
    `/admin/fulfillment-sets/${stock_locations[0].fulfillment_sets[0].id}/service-zones`,
    { name: "United States", geo_zones: [{ type: "country", country_code: "us" }] }
  )
  const zone = fulfillment_set.service_zones.find((candidate) => candidate.name === "United States")
  const { shipping_profiles } = await admin<{ shipping_profiles: { id: string }[] }>(
    "/admin/shipping-profiles"
  )
  await admin("/admin/shipping-options", {
    name: "US Standard",
    service_zone_id: zone?.id,
    shipping_profile_id: shipping_profiles[0].id,
    provider_id: "manual_manual",
    price_type: "flat",
    type: { label: "Standard", description: "Ship in 2-3 days.", code: "us-standard" },
    prices: [{ currency_code: "usd", amount: 10 }],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: "false", operator: "eq" },
    ],
  })
  type Variant = { id: string; prices: { currency_code: string; amount: number }[] }
  const { products } = await admin<{ products: { id: string; variants: Variant[] }[] }>(
    `/admin/products?handle=${FINANCED_PRODUCT.handle}&fields=id,*variants,*variants.prices`
  )
  for (const variant of products[0].variants) {
    const prices = variant.prices.map(({ currency_code, amount }) => ({
      currency_code,
      amount: currency_code === "usd" ? FINANCED_PRODUCT.usdAmount : amount,
    }))
    await admin(`/admin/products/${products[0].id}/variants/${variant.id}`, { prices })
  }
}

/** `next start` of the built storefront on the origin's port, in a person's shell (no NODE_ENV). */
export function startStorefront(storefrontDir: string, env: NodeJS.ProcessEnv, origin: string) {
  return spawn("node_modules/.bin/next", ["start", "-p", new URL(origin).port], {
    cwd: storefrontDir,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
}
