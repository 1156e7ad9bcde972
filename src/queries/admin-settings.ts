import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../modules/retail-financing"
import { describeFailure } from "../domain/post-sale/action-retry"
import type { ConnectionTest, SettingsResponse } from "../domain/admin-api/types"
import { testFinancingConnection } from "./connection-test"

/** The sandbox answers this control path; the real service does not have it. */
const SANDBOX_HEALTH_PATH = "/sandbox/health"

/**
 * The settings page: the store's configuration, and what the service offers it: the store's partners
 * (endpoint 11) and the return reasons (endpoint 12), each reporting its own failure. Whether the service
 * answers at all is the connection test's job (financingConnectionTest), run by the page on its own.
 */
export async function financingSettingsView(container: MedusaContainer): Promise<SettingsResponse> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const options = financing.getOptions()
  const client = financing.getClient()
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

/** "Test connection": a new token and an authenticated read, asked of the service now (connection-test.ts). */
export async function financingConnectionTest(container: MedusaContainer): Promise<ConnectionTest> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  return testFinancingConnection(financing.getOptions())
}

async function isSandbox(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(new URL(SANDBOX_HEALTH_PATH, baseUrl), { signal: AbortSignal.timeout(2000) })
    return response.ok
  } catch {
    return false
  }
}
