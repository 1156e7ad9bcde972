import { FinancingOutcome } from "@modules/checkout/components/financing-outcome"
import { financingWords } from "@lib/financing-words"
import { getLocale } from "@lib/data/locale-actions"
import { Metadata } from "next"
import { notFound } from "next/navigation"

export async function generateMetadata(): Promise<Metadata> {
  return { title: financingWords(await getLocale()).pageTitle }
}

/**
 * The plugin's returnUrl: the shopper signed (or left) on the financing service's page. The cart id comes
 * in the URL (financingReturnUrls), as the cart cookie does not come back from another site.
 */
export default async function FinancingReturnPage(props: {
  params: Promise<{ countryCode: string }>
  searchParams: Promise<{ cart_id?: string }>
}) {
  const [{ countryCode }, { cart_id: cartId }, locale] = await Promise.all([
    props.params,
    props.searchParams,
    getLocale(),
  ])
  if (!cartId) notFound()
  return (
    <div className="content-container flex justify-center py-12">
      <FinancingOutcome cartId={cartId} countryCode={countryCode} locale={locale} />
    </div>
  )
}
