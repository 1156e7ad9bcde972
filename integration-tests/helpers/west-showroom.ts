import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  linkProductsToSalesChannelWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"

import { SANDBOX_CREDENTIALS } from "./financing-environment"
import type { FinancingSuiteOptions } from "./financing-suite"

/*
 * A retailer with two locations (issue 22), for the specs that boot one (http/locations.spec.ts and the
 * admin's browser spec): the top-level store code for every sales channel no location lists, and a west
 * showroom with its own store code, credentials, partners and a lower limit, selling through its own sales
 * channel. The sandbox holds both retailer accounts and refuses a store's token for the other store's
 * applications.
 */

export const WEST_CHANNEL = "sc_test_west_showroom"
export const WEST_CHANNEL_NAME = "West showroom"
export const WEST = { username: "west-user", password: "west-password-never-shown", storeCode: "TEST-WEST" }
export const WEST_PARTNER = {
  code: "WESTLEASE",
  name: "West Lease Holdings LLC",
  displayName: "West Lease",
  street: "1 Pacific Ave",
  suiteApartment: null,
  city: "Sacramento",
  state: "CA",
  zipCode: "95814",
  phone: "916-555-0101",
}
export const WEST_MAX_AMOUNT = 1000
const LOCATIONS = [{ ...WEST, salesChannelIds: [WEST_CHANNEL], maxAmount: WEST_MAX_AMOUNT }]

/** Three pillows: about $170 with shipping and tax, inside both stores' limits. */
export const PILLOWS = { items: [{ variantIndex: 1, quantity: 3 }] }
/** The sofa: about $1,310, above the west showroom's limit and inside the top-level store's. */
export const SOFA = { items: [{ variantIndex: 0, quantity: 1 }] }

/**
 * financingIntegrationSuite's options for a file whose store has the west showroom: the sandbox with both
 * retailer accounts, and RETAIL_FINANCING_LOCATIONS (read by medusa-config.ts) set before Medusa boots and
 * put back after the file, so a file run after it in the same process boots a one-location store.
 */
export function westShowroomSuiteOptions(): Pick<FinancingSuiteOptions, "sandbox" | "beforeBoot"> {
  const previous = process.env.RETAIL_FINANCING_LOCATIONS
  afterAll(() => {
    if (previous === undefined) delete process.env.RETAIL_FINANCING_LOCATIONS
    else process.env.RETAIL_FINANCING_LOCATIONS = previous
  })
  return {
    sandbox: { credentials: [SANDBOX_CREDENTIALS, { ...WEST, partners: [WEST_PARTNER] }] },
    beforeBoot: async () => {
      process.env.RETAIL_FINANCING_LOCATIONS = JSON.stringify(LOCATIONS)
    },
  }
}

/**
 * The west showroom's storefront: the sales channel the west location lists (made with the id medusa-config
 * was given before boot), the seed's products and stock location in it, and a publishable key for it.
 */
export async function westStorefront(
  container: MedusaContainer,
  seed: { stockLocationId: string; variantIds: string[] }
) {
  // Medusa's DTO has no id, but the module keeps one given: medusa-config named this channel before it existed.
  const channel = { id: WEST_CHANNEL, name: WEST_CHANNEL_NAME }
  await container.resolve(Modules.SALES_CHANNEL).createSalesChannels(channel)
  const {
    result: [apiKey],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ type: "publishable", title: WEST_CHANNEL_NAME, created_by: "integration-tests" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [WEST_CHANNEL] } })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: seed.stockLocationId, add: [WEST_CHANNEL] },
  })
  const { data: variants } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "product_variant",
    fields: ["product_id"],
    filters: { id: seed.variantIds },
  })
  await linkProductsToSalesChannelWorkflow(container).run({
    input: {
      id: WEST_CHANNEL,
      add: (variants as { product_id: string }[]).map((variant) => variant.product_id),
    },
  })
  return { "x-publishable-api-key": apiKey.token }
}
