/*
 * The plugin's cancel URL: the shopper left the financing service's page without signing, or was declined.
 * Copy to src/app/[countryCode]/(checkout)/checkout/financing/cancel/page.tsx. The cart is kept; the
 * shopper can apply again or choose another way to pay (starting another provider's session replaces the
 * financing one).
 */
import { getFinancingOutcome } from "../../../../../../lib/data/financing"

type Props = {
  params: Promise<{ countryCode: string }>
  searchParams: Promise<{ cart_id?: string }>
}

export default async function FinancingCancelPage(props: Props) {
  const { countryCode } = await props.params
  const { cart_id: cartId } = await props.searchParams
  const outcome = cartId ? await getFinancingOutcome(cartId) : null
  // Back on the starter's own site, its cart cookie is sent again: the checkout finds the cart.
  const checkout = `/${countryCode}/checkout?step=payment`
  const message =
    outcome && outcome.outcome !== "not_signed" && outcome.outcome !== "unknown"
      ? outcome.message
      : "You left our financing partner's page without signing. Your cart is saved."
  return (
    <div data-testid="financing-cancel" data-outcome={outcome?.outcome}>
      <h1>Pay over time was not completed</h1>
      <p>{message}</p>
      <p>
        <a href={checkout}>Back to payment</a>
      </p>
    </div>
  )
}
