import { getCartFinancing } from "@lib/data/financing"
import { FinancingOutcome } from "@modules/checkout/components/financing-outcome"
import { financingWords } from "@lib/financing-words"
import { getLocale } from "@lib/data/locale-actions"
import { Metadata } from "next"
import { notFound } from "next/navigation"

export async function generateMetadata(): Promise<Metadata> {
  return { title: financingWords(await getLocale()).pageTitle }
}

/**
 * The plugin's cancelUrl: the shopper left the service's page without signing, or was declined. Says where
 * the cart's financing stands, from the plugin (it may also be a contract signed in another tab).
 */
export default async function FinancingCancelPage(props: {
  params: Promise<{ countryCode: string }>
  searchParams: Promise<{ cart_id?: string }>
}) {
  const [{ countryCode }, { cart_id: cartId }, locale] = await Promise.all([
    props.params,
    props.searchParams,
    getLocale(),
  ])
  if (!cartId) notFound()
  const answer = await getCartFinancing(cartId)
  return (
    <div className="content-container flex justify-center py-12">
      {/* Still signed or being made: the return page's work (it completes the cart and follows the answer). */}
      <FinancingOutcome
        cartId={cartId}
        countryCode={countryCode}
        locale={locale}
        initial={answer && answer.state !== "waiting" && answer.state !== "order_placed" ? answer : null}
      />
    </div>
  )
}
