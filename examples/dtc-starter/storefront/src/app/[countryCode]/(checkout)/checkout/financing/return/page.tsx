import { FinancingOutcome } from "@modules/checkout/components/financing-outcome"
import { Metadata } from "next"
import { notFound } from "next/navigation"

export const metadata: Metadata = { title: "Pay over time" }

/**
 * The plugin's returnUrl: the shopper signed (or left) on the financing service's page. The cart id comes
 * in the URL (financingReturnUrls), as the cart cookie does not come back from another site.
 */
export default async function FinancingReturnPage(props: {
  params: Promise<{ countryCode: string }>
  searchParams: Promise<{ cart_id?: string }>
}) {
  const [{ countryCode }, { cart_id: cartId }] = await Promise.all([props.params, props.searchParams])
  if (!cartId) notFound()
  return (
    <div className="content-container flex justify-center py-12">
      <FinancingOutcome cartId={cartId} countryCode={countryCode} />
    </div>
  )
}
