/*
 * The plugin's return URL: the financing service sends the shopper here after signing. Copy to
 * src/app/[countryCode]/(checkout)/checkout/financing/return/page.tsx.
 *
 * The cart id comes from the URL, not the starter's cart cookie: that cookie is SameSite=Strict, so it is not
 * sent with this first request from the service's site. The page renders at once and a server action
 * completes the cart (server actions, unlike a page render, may clear the cart cookie).
 */
import FinancingReturn from "../../../../../../modules/checkout/components/financing-return"

type Props = {
  params: Promise<{ countryCode: string }>
  searchParams: Promise<{ cart_id?: string }>
}

export default async function FinancingReturnPage(props: Props) {
  const { countryCode } = await props.params
  const { cart_id: cartId } = await props.searchParams
  if (!cartId) {
    return (
      <div>
        <h1>We could not find your cart</h1>
        <p>
          <a href={`/${countryCode}/cart`}>Back to your cart</a>
        </p>
      </div>
    )
  }
  return <FinancingReturn cartId={cartId} countryCode={countryCode} />
}
