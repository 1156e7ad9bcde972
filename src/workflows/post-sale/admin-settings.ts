import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { describeFailure } from "../../domain/post-sale/action-retry"
import type { SettingsResponse } from "../../domain/admin-api/types"

/** The sandbox answers this control path; the real service does not have it. */
const SANDBOX_HEALTH_PATH = "/sandbox/health"

/**
 * The settings page's picture of the connection: a fresh token proves the URL and credentials, then the
 * store's partners (endpoint 11) and the return reasons (endpoint 12). Each part reports its own failure.
 */
export async function financingSettingsView(container: MedusaContainer): Promise<SettingsResponse> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const options = financing.getOptions()
  const client = financing.getClient()
  const started = Date.now()
  const connection = await client
    .getToken()
    .then(() => ({ ok: true, message: "Signed in to the financing service" }))
    .catch((error: unknown) => ({ ok: false, message: describeFailure(error) }))
  const latencyMs = Date.now() - started
  const [partners, reasons, sandbox] = await Promise.all([
    client.listFinancingPartners().then(
      (list) => ({ value: list, error: null }),
      (error: unknown) => ({ value: null, error: describeFailure(error) })
    ),
    client.listReturnReasons().then(
      (list) => ({ value: list, error: null }),
      (error: unknown) => ({ value: null, error: describeFailure(error) })
    ),
    isSandbox(options.baseUrl),
  ])
  return {
    store_code: options.storeCode,
    base_url: options.baseUrl,
    sandbox,
    connection: { ...connection, latency_ms: latencyMs },
    partners:
      partners.value?.map((partner) => ({
        code: partner.code,
        name: partner.name,
        display_name: partner.displayName,
        street: partner.street,
        suite_apartment: partner.suiteApartment ?? null,
        city: partner.city,
        state: partner.state,
        zip_code: partner.zipCode,
        phone: partner.phone,
      })) ?? null,
    partners_error: partners.error,
    return_reasons:
      reasons.value?.map((reason) => ({ public_id: reason.publicId, description: reason.description })) ??
      null,
    return_reasons_error: reasons.error,
    carriers: [...options.carriers],
    carrier_map: { ...options.carrierMap },
    invoice_on: options.invoiceOn,
  }
}

async function isSandbox(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(new URL(SANDBOX_HEALTH_PATH, baseUrl), { signal: AbortSignal.timeout(2000) })
    return response.ok
  } catch {
    return false
  }
}
