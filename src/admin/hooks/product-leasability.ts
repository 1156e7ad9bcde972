import type { AdminProduct } from "@medusajs/framework/types"
import type { FetchError } from "@medusajs/js-sdk"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"

import type { ProductLeasabilityResponse } from "../../domain/admin-api/types"
import { dashboardProductKey, financingKeys } from "../lib/query-keys"
import { sdk } from "../lib/sdk"

const leasabilityPath = (productId: string) =>
  `/admin/retail-financing/products/${encodeURIComponent(productId)}/leasability`

/** Whether the lender can lease the product, and the rule that keeps it from it. */
export function useProductLeasability(productId: string) {
  return useQuery<ProductLeasabilityResponse, FetchError>({
    queryKey: financingKeys.productLeasability(productId),
    queryFn: () => sdk.client.fetch<ProductLeasabilityResponse>(leasabilityPath(productId)),
  })
}

/**
 * Sets the product's metadata flag through Medusa's own product update, keeping the rest of its metadata:
 * false marks it not leasable, true clears the mark. Then both the widget and the dashboard's product page
 * read again, so the metadata section shows the flag too.
 */
export function useSetProductLeasable(product: AdminProduct) {
  const queryClient = useQueryClient()
  return useMutation<unknown, FetchError, { metadataKey: string; leasable: boolean }>({
    mutationFn: ({ metadataKey, leasable }) =>
      sdk.admin.product.update(product.id, {
        metadata: { ...(product.metadata ?? {}), [metadataKey]: leasable },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financingKeys.productLeasability(product.id) }),
        queryClient.invalidateQueries({ queryKey: dashboardProductKey(product.id) }),
      ]),
  })
}
