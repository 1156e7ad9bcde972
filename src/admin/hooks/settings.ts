import { useQuery } from "@tanstack/react-query"

import type { ConnectionTestResponse, SettingsResponse } from "../../domain/admin-api/types"
import { financingKeys } from "../lib/query-keys"
import { sdk } from "../lib/sdk"

/** The settings page's data: the store's configuration, its partners and return reasons from the service. */
export function useFinancingSettings() {
  return useQuery({
    queryKey: financingKeys.settings(),
    queryFn: () => sdk.client.fetch<SettingsResponse>("/admin/retail-financing/settings"),
    // Each list reports its own failure inside the answer; a failed request is worth no automatic repeat.
    retry: false,
  })
}

/**
 * "Test connection" of one store code (undefined: the top-level one, the route's default): run once when
 * the page opens and again on each click (refetch). Never answered from react-query's cache or repeated
 * behind the merchant's back: each result is one real round trip to the service, with the time it took.
 */
export function useConnectionTest(storeCode?: string) {
  return useQuery({
    queryKey: financingKeys.connectionTest(storeCode ?? null),
    queryFn: () =>
      sdk.client.fetch<ConnectionTestResponse>("/admin/retail-financing/settings/connection", {
        query: storeCode === undefined ? undefined : { store_code: storeCode },
      }),
    select: (answer) => answer.connection,
    staleTime: 0,
    // Dropped as soon as no section shows it, so opening the page again tests again...
    gcTime: 0,
    // ...but a section that takes over a test already made (the top-level store's card, which replaces the
    // one-store section once the settings say there are several) shows it rather than signing in again.
    refetchOnMount: false,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

/**
 * The names of the sales channels the locations sell through, by id; an id missing from the answer (a
 * channel deleted since the option was written) is left out, and the page shows it by its id.
 */
export function useSalesChannelNames(ids: readonly string[]) {
  return useQuery({
    queryKey: financingKeys.salesChannelNames(ids),
    queryFn: async () => {
      const { sales_channels } = await sdk.admin.salesChannel.list({
        id: [...ids],
        limit: ids.length,
        fields: "id,name",
      })
      return new Map(sales_channels.map((channel) => [channel.id, channel.name]))
    },
    enabled: ids.length > 0,
  })
}
