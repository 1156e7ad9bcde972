import {
  createApiKeysWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"
import type { MedusaContainer, RegionDTO, SalesChannelDTO } from "@medusajs/framework/types"

import type { AuthHeaders } from "./admin"
import { RETAIL_FINANCING_PROVIDER_ID } from "./constants"

export type StorefrontAccess = AuthHeaders & { salesChannel: SalesChannelDTO }

/** /store routes refuse requests without a publishable key linked to a sales channel. */
export async function createStorefrontAccess(container: MedusaContainer): Promise<StorefrontAccess> {
  const {
    result: [salesChannel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Retail financing test store" }] },
  })
  const {
    result: [apiKey],
  } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [{ type: "publishable", title: "Retail financing tests", created_by: "integration-tests" }],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [salesChannel.id] } })

  return { salesChannel, headers: { "x-publishable-api-key": apiKey.token } }
}

export type RegionInput = {
  name?: string
  currencyCode?: string
  countries?: string[]
  paymentProviders?: string[]
}

/** A US dollar region offering retail financing unless told otherwise. */
export async function createRegion(container: MedusaContainer, input: RegionInput = {}): Promise<RegionDTO> {
  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: input.name ?? "United States",
          currency_code: input.currencyCode ?? "usd",
          countries: input.countries ?? ["us"],
          payment_providers: input.paymentProviders ?? [RETAIL_FINANCING_PROVIDER_ID],
        },
      ],
    },
  })
  return region
}
