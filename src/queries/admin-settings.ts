import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../modules/retail-financing"
import { describeFailure } from "../domain/post-sale/action-retry"
import type { ConnectionTest, SettingsResponse, StoreLocationView } from "../domain/admin-api/types"
import type { StoreLocation } from "../config/locations"
import { testFinancingConnection } from "./connection-test"

/** The sandbox answers this control path; the real service does not have it. */
const SANDBOX_HEALTH_PATH = "/sandbox/health"

/**
 * The settings page: the store's configuration, and what the service offers it: each location's partners
 * (endpoint 11, partners are "scoped to the store of the authenticated caller", so read with each store's
 * own token) and the return reasons (endpoint 12), each reporting its own failure. Whether the service
 * answers at all is the connection test's job (financingConnectionTest), run by the page on its own.
 */
export async function financingSettingsView(container: MedusaContainer): Promise<SettingsResponse> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const options = financing.getOptions()
  const [locations, reasons, sandbox] = await Promise.all([
    Promise.all(financing.getLocations().map((location) => locationView(financing, location))),
    financing
      .getClient()
      .listReturnReasons()
      .then(
        (list) => ({ value: list, error: null }),
        (error: unknown) => ({ value: null, error: describeFailure(error) })
      ),
    isSandbox(options.baseUrl),
  ])
  const [topLevel] = locations
  return {
    store_code: options.storeCode,
    base_url: options.baseUrl,
    sandbox,
    partners: topLevel.partners,
    partners_error: topLevel.partners_error,
    locations,
    return_reasons:
      reasons.value?.map((reason) => ({ public_id: reason.publicId, description: reason.description })) ??
      null,
    return_reasons_error: reasons.error,
    carriers: [...options.carriers],
    carrier_map: { ...options.carrierMap },
    invoice_on: options.invoiceOn,
  }
}

async function locationView(
  financing: RetailFinancingModuleService,
  location: StoreLocation
): Promise<StoreLocationView> {
  const options = financing.getOptions()
  const partners = await financing
    .getClient(location.storeCode)
    .listFinancingPartners()
    .then(
      (list) => ({ value: list, error: null }),
      (error: unknown) => ({ value: null, error: describeFailure(error) })
    )
  return {
    store_code: location.storeCode,
    sales_channel_ids: [...location.salesChannelIds],
    own_credentials:
      location.credentials.username !== options.username ||
      location.credentials.password !== options.password,
    min_amount: location.minAmount ?? null,
    max_amount: location.maxAmount ?? null,
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
  }
}

/**
 * "Test connection" of one store code (the top-level one when none is given): a new token with its
 * credentials and an authenticated read, asked of the service now (connection-test.ts). Undefined for a
 * store code the plugin does not sell through.
 */
export async function financingConnectionTest(
  container: MedusaContainer,
  storeCode?: string
): Promise<ConnectionTest | undefined> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const location = storeCode
    ? financing.getLocations().find((place) => place.storeCode === storeCode)
    : financing.getLocations()[0]
  if (!location) return undefined
  return testFinancingConnection(financing.getOptions(), Date.now, location.credentials)
}

async function isSandbox(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(new URL(SANDBOX_HEALTH_PATH, baseUrl), { signal: AbortSignal.timeout(2000) })
    return response.ok
  } catch {
    return false
  }
}
