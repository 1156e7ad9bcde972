import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"

import type {
  ActionResponse,
  ApplicationResponse,
  ApplicationsListQuery,
  ApplicationsListResponse,
  PhoneStatusResponse,
} from "../../domain/admin-api/types"
import { POLL_FOLLOW_MS, followsLender } from "../lib/order-financing-refresh"
import { financingKeys } from "../lib/query-keys"
import { sdk } from "../lib/sdk"

const APPLICATIONS = "/admin/retail-financing/applications"

/** Leaves out the parts not set, so two equal queries share one cache entry and one URL. */
function definedParts(query: ApplicationsListQuery): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== "")
  ) as Record<string, string | number>
}

/**
 * One page of the store's applications. The previous page stays on screen while the next one loads, so
 * paging and filtering do not flash an empty table.
 */
export function useFinancingApplications(query: ApplicationsListQuery, { enabled = true } = {}) {
  const parts = definedParts(query)
  return useQuery({
    queryKey: financingKeys.applicationList(parts),
    queryFn: () => sdk.client.fetch<ApplicationsListResponse>(APPLICATIONS, { query: parts }),
    placeholderData: keepPreviousData,
    enabled,
    // While the page shows a contract awaiting funding or a return's settlement, it reads again; the route
    // reads the lender for such rows at most once a minute per application, whatever the tabs open.
    refetchInterval: (current) =>
      current.state.data?.applications.some(
        (application) => application.order !== null && followsLender(application.status)
      )
        ? POLL_FOLLOW_MS
        : false,
    refetchIntervalInBackground: false,
  })
}

/**
 * The status by phone (endpoint 5), asked only for a complete number. A number the service does not know is
 * an answer (404), not something to try again.
 */
export function usePhoneStatus(phone: string | null) {
  return useQuery({
    queryKey: financingKeys.phoneStatus(phone ?? ""),
    queryFn: () =>
      sdk.client.fetch<PhoneStatusResponse>("/admin/retail-financing/phone-status", {
        query: { phone: phone ?? "" },
      }),
    enabled: phone !== null,
    retry: false,
    staleTime: 30_000,
  })
}

/**
 * After any of the merchant's actions, everything the plugin shows may have changed (the list, an order's
 * widget, the exceptions): all of the plugin's queries are refetched, none of the dashboard's.
 */
function useRefreshAfter() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: financingKeys.all })
}

/** Retry a failed post-sale action: the same route as the order widget's Retry button. */
export function useRetryFinancingAction() {
  const refresh = useRefreshAfter()
  return useMutation({
    mutationFn: (actionId: string) =>
      sdk.client.fetch<ActionResponse>(
        `/admin/retail-financing/actions/${encodeURIComponent(actionId)}/retry`,
        { method: "POST", body: {} }
      ),
    onSettled: refresh,
  })
}

/** Void a signed contract with no order at the service (a whole-contract return). */
export function useVoidFinancingContract() {
  const refresh = useRefreshAfter()
  return useMutation({
    mutationFn: (applicationId: string) =>
      sdk.client.fetch<ApplicationResponse>(`${APPLICATIONS}/${encodeURIComponent(applicationId)}/void`, {
        method: "POST",
        body: {},
      }),
    onSettled: refresh,
  })
}

/** Mark a contract exception resolved (settled outside the store). */
export function useResolveFinancingException() {
  const refresh = useRefreshAfter()
  return useMutation({
    mutationFn: (applicationId: string) =>
      sdk.client.fetch<ApplicationResponse>(`${APPLICATIONS}/${encodeURIComponent(applicationId)}/resolve`, {
        method: "POST",
        body: {},
      }),
    onSettled: refresh,
  })
}
