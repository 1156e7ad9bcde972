import type { AdminOrder } from "@medusajs/framework/types"
import type { FetchError } from "@medusajs/js-sdk"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"

import type {
  ActionResponse,
  InStorePaymentReceivedResponse,
  OrderFinancingResponse,
  ReturnReasonsResponse,
  ReturnRequestBody,
} from "../../domain/admin-api/types"
import { invoiceUploadForm } from "../lib/invoice-upload"
import {
  FOLLOW_ORDER_CHANGE_MS,
  type OrderActivity,
  orderActivitySignature,
  refetchIntervalFor,
} from "../lib/order-financing-refresh"
import { financingKeys } from "../lib/query-keys"
import { sdk } from "../lib/sdk"

const BASE = "/admin/retail-financing"
const orderPath = (orderId: string) => `${BASE}/orders/${encodeURIComponent(orderId)}`

const fetchOrderFinancing = (orderId: string) => sdk.client.fetch<OrderFinancingResponse>(orderPath(orderId))

/** A 404 is an answer (no such order), not a glitch worth asking again. */
const retryUnlessNotFound = (failures: number, error: FetchError) => error.status !== 404 && failures < 2

/**
 * The order's financing, kept current while the order page is open. The two widgets on the page (the status
 * card and the details) call this with the same order and share one query.
 *
 * It reads again by itself while something is in flight (order-financing-refresh.ts says how often, and
 * stops when nothing is pending), and after Medusa's own order actions: the dashboard refetches the order
 * after each of them and hands it to the widgets as `data`, so a change in what those actions touch
 * (fulfillments, shipping, returns, payments) invalidates the financing and opens a short window of
 * polling for the actions its subscribers record a moment later.
 */
export function useOrderFinancing(order: AdminOrder) {
  const queryClient = useQueryClient()
  const queryKey = financingKeys.orderFinancing(order.id)
  const signature = orderActivitySignature(order as unknown as OrderActivity)
  const seen = useRef(signature)
  const [followUntil, setFollowUntil] = useState(0)

  useEffect(() => {
    if (seen.current === signature) return
    seen.current = signature
    setFollowUntil(Date.now() + FOLLOW_ORDER_CHANGE_MS)
    // Not cancelling a read in flight: both widgets run this for the same change, and one read serves both.
    void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false })
    // The key is derived from order.id; a new order is a new signature too.
  }, [signature, queryClient])

  const financing = useQuery<OrderFinancingResponse, FetchError>({
    queryKey,
    queryFn: () => fetchOrderFinancing(order.id),
    refetchInterval: (query) => refetchIntervalFor(query.state.data?.financing, Date.now(), followUntil),
    retry: retryUnlessNotFound,
  })
  useMedusaOrderFollowsLender(order.id, financing.data?.financing ?? null)
  return financing
}

/**
 * When the lender moves the contract while the page is open (funding, a return settling), the plugin
 * captures or changes Medusa's payment on the server; Medusa's own sections only show it on their next read.
 * So a change of the contract's status or of what Medusa captured, seen by the widget's own reads, makes the
 * dashboard read its order again (its query key, ["orders", "detail", id, …]: widgets share its client).
 */
function useMedusaOrderFollowsLender(orderId: string, financing: OrderFinancingResponse["financing"] | null) {
  const queryClient = useQueryClient()
  const moved = financing
    ? `${financing.application.status}|${financing.books?.captured ?? ""}|${financing.books?.refunded ?? ""}`
    : null
  const seen = useRef(moved)
  useEffect(() => {
    if (moved === null || seen.current === moved) return
    const first = seen.current === null
    seen.current = moved
    if (!first) void queryClient.invalidateQueries({ queryKey: ["orders", "detail", orderId] })
  }, [moved, orderId, queryClient])
}

/** The lender's return reasons, for the return drawer and to name a return's reason; read once opened or needed. */
export function useReturnReasons(enabled: boolean) {
  return useQuery<ReturnReasonsResponse, FetchError>({
    queryKey: financingKeys.returnReasons(),
    queryFn: () => sdk.client.fetch<ReturnReasonsResponse>(`${BASE}/return-reasons`),
    enabled,
    // The lender's list changes rarely; one read per page visit is plenty.
    staleTime: 5 * 60_000,
    retry: retryUnlessNotFound,
  })
}

/** Every action refreshes the order's financing when it is answered, whatever the answer. */
function useFinancingMutation<TVariables>(
  orderId: string,
  send: (variables: TVariables) => Promise<ActionResponse>
) {
  const queryClient = useQueryClient()
  return useMutation<ActionResponse, FetchError, TVariables>({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: financingKeys.orderFinancing(orderId) }),
  })
}

/** Retries a failed action (after the merchant fixed its cause). */
export function useRetryAction(orderId: string) {
  return useFinancingMutation(orderId, (actionId: string) =>
    sdk.client.fetch<ActionResponse>(`${BASE}/actions/${encodeURIComponent(actionId)}/retry`, {
      method: "POST",
      body: {},
    })
  )
}

/** Sends the delivery information of the order's latest fulfillment again. */
export function useSendDelivery(orderId: string) {
  return useFinancingMutation(orderId, () =>
    sdk.client.fetch<ActionResponse>(`${orderPath(orderId)}/delivery`, { method: "POST", body: {} })
  )
}

/** The merchant's own invoice file; `keepGenerated` sends the generated invoice as well. */
export function useUploadInvoice(orderId: string) {
  return useFinancingMutation(orderId, ({ file, keepGenerated }: { file: File; keepGenerated: boolean }) =>
    sdk.client.fetch<ActionResponse>(`${orderPath(orderId)}/invoice`, {
      method: "POST",
      body: invoiceUploadForm(file, keepGenerated),
      // The browser writes the multipart content type with its boundary; the SDK's JSON default must go.
      headers: { "content-type": null },
    })
  )
}

/** A return request the merchant asks for by hand. */
export function useRequestReturn(orderId: string) {
  return useFinancingMutation(orderId, (body: ReturnRequestBody) =>
    sdk.client.fetch<ActionResponse>(`${orderPath(orderId)}/returns`, { method: "POST", body })
  )
}

/** "Mark as received": the customer paid the store the contract's in-store payment. */
export function useMarkInStorePaymentReceived(orderId: string) {
  const queryClient = useQueryClient()
  const queryKey = financingKeys.orderFinancing(orderId)
  return useMutation<InStorePaymentReceivedResponse, FetchError, void>({
    mutationFn: () =>
      sdk.client.fetch<InStorePaymentReceivedResponse>(`${orderPath(orderId)}/in-store-payment/received`, {
        method: "POST",
        body: {},
      }),
    // The answer is the widget's data as it is now: shown at once, then read again like every action's.
    onSuccess: (answer) => queryClient.setQueryData(queryKey, { financing: answer.financing }),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  })
}
