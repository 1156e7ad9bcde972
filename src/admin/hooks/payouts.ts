import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query"

import type { PayoutsQuery, PayoutsResponse } from "../../domain/admin-api/types"
import { financingKeys } from "../lib/query-keys"
import { sdk } from "../lib/sdk"

const PAYOUTS = "/admin/retail-financing/payouts"

/** Leaves out the parts not set, so two equal queries share one cache entry and one URL. */
function definedParts(query: PayoutsQuery): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== "")
  ) as Record<string, string | number>
}

/** One page of the lender's payments matched to orders, with the totals of every row the filters select. */
export function useFinancingPayouts(query: PayoutsQuery) {
  const parts = definedParts(query)
  return useQuery({
    queryKey: financingKeys.payoutList(parts),
    queryFn: () => sdk.client.fetch<PayoutsResponse>(PAYOUTS, { query: parts }),
    placeholderData: keepPreviousData,
  })
}

/** The filename the route named in Content-Disposition, or a plain one. */
function filenameOf(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? "")
  return match?.[1] ?? "retail-financing-payouts.csv"
}

/**
 * "Export CSV": the same filters as the view, every row (no paging), downloaded as the route names it. The
 * SDK sends the admin's session (cookie or token) and, asked for CSV rather than JSON, hands back the raw
 * response, so the file is read as text and saved from the browser.
 */
export function useExportPayoutsCsv() {
  return useMutation({
    mutationFn: async (query: Omit<PayoutsQuery, "limit" | "offset">) => {
      const response = await sdk.client.fetch<Response>(PAYOUTS, {
        query: { ...definedParts(query), format: "csv" },
        headers: { accept: "text/csv" },
      })
      const csv = await response.text()
      const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }))
      const link = document.createElement("a")
      link.href = url
      link.download = filenameOf(response.headers.get("content-disposition"))
      document.body.appendChild(link)
      link.click()
      link.remove()
      URL.revokeObjectURL(url)
      return { rows: Math.max(0, csv.split("\r\n").length - 2) }
    },
  })
}
