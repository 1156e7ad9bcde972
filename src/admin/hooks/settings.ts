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
 * "Test connection": run once when the page opens and again on each click (refetch). Never answered from
 * react-query's cache or repeated behind the merchant's back: each result is one real round trip to the
 * service, with the time it took.
 */
export function useConnectionTest() {
  return useQuery({
    queryKey: financingKeys.connectionTest(),
    queryFn: () => sdk.client.fetch<ConnectionTestResponse>("/admin/retail-financing/settings/connection"),
    select: (answer) => answer.connection,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}
