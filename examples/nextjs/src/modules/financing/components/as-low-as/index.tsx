/*
 * "As low as $173.34/mo for 12 months with <partner>", rendered on the server. Copy to
 * src/modules/financing/components/as-low-as/ and give it the amount the page shows:
 *
 *   product page (src/modules/products/templates/product-info or product-price):
 *     <FinancingAsLowAs amount={variant.calculated_price.calculated_amount} productId={product.id} />
 *   cart and checkout summary (src/modules/cart/templates/summary, checkout-summary):
 *     <FinancingAsLowAs amount={cart.total} cartId={cart.id} />   what the shopper pays, so what is financed;
 *                                                                  nothing when the cart holds what the lender
 *                                                                  cannot lease (the eligibility answer)
 *
 * It renders nothing when the amount is not financed, the product cannot be leased (a gift card, a
 * protection plan), or the service cannot answer. It is an async server
 * component: from a client component (the starter's ProductActions), use examples/react/AsLowAs.tsx.
 */
import { getAsLowAs, getFinancingEligibility } from "../../../../lib/data/financing"

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })
const money = (dollars: string) => usd.format(Number(dollars))

export default async function FinancingAsLowAs({
  amount,
  productId,
  cartId,
  learnMoreUrl,
  className,
}: {
  /** Dollars, as Medusa's store API gives amounts. */
  amount: number | null | undefined
  /** On a product page: a product the lender cannot lease gets nothing. */
  productId?: string
  /** On the cart and at checkout: a cart holding what the lender cannot lease gets nothing. */
  cartId?: string
  learnMoreUrl?: string
  className?: string
}) {
  if (!amount) return null
  const [offer, eligibility] = await Promise.all([
    getAsLowAs(amount, productId),
    cartId ? getFinancingEligibility(cartId) : null,
  ])
  // The other reasons are about the shopper's details, which the cart page does not have yet.
  if (eligibility?.reasons.some((reason) => reason.code === "items_not_leasable")) return null
  if (!offer) return null
  return (
    <div className={className} data-testid="financing-as-low-as">
      <p>
        As low as <strong>{money(offer.monthly_payment)}/mo</strong> for {offer.months} months with{" "}
        {offer.partner_display_name}
        {learnMoreUrl ? (
          <>
            {" "}
            <a href={learnMoreUrl}>Learn more</a>
          </>
        ) : null}
      </p>
      {offer.disclaimer ? <p style={{ fontSize: "0.75em" }}>{offer.disclaimer}</p> : null}
    </div>
  )
}
