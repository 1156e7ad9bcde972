/*
 * "As low as $173.34/mo for 12 months with <partner>" for a product or cart page, from the plugin's store
 * route GET /store/retail-financing/as-low-as. Copy this file into a React storefront (the Next.js starter:
 * src/modules/products/components/ or src/modules/cart/components/); it needs nothing but React 18+.
 *
 *   <AsLowAs
 *     amount={cart.total}                                    dollars: a number or a "1299.99" string
 *     productId={product.id}                                 on a product page: nothing for a product
 *                                                            the lender cannot lease (a protection plan)
 *     eligibility={eligibility}                              on the cart: nothing for a cart holding one
 *     backendUrl={process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL!}
 *     publishableKey={process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY!}
 *     learnMoreUrl="/financing"                               optional; otherwise an inline explanation
 *   />
 *
 * Give it the amount the page shows: on a product page the variant's price
 * (`variant.calculated_price.calculated_amount`), on the cart and at checkout `cart.total`, which is what
 * the shopper would finance (not `item_total`, which leaves out shipping and discounts and adds tax to
 * the items only, so it matches neither the product page nor the order).
 *
 * It renders nothing until there is an offer, and nothing when the amount is not financed or the service
 * cannot answer. A new amount (a cart update) is asked for after a short pause, and an answer for an older
 * amount is dropped. The same text as the <retail-financing-as-low-as> web component.
 */
import { useEffect, useState } from "react"

/** The store route's answer (money as text with two decimals). */
export interface AsLowAsResponse {
  as_low_as: {
    amount: string
    monthly_payment: string
    months: number
    partner_code: string
    partner_display_name: string
    disclaimer: string | null
    early_buyout_options: { month: number; payment: string; savings_percentage: number }[]
  } | null
  available: boolean
  /** not_leasable: asked with a product_id the lender cannot lease (a gift card, a protection plan). */
  reason: "below_minimum" | "above_maximum" | "not_leasable" | "unavailable" | null
  min_amount: string | null
  max_amount: string | null
}

export interface AsLowAsProps {
  amount: number | string
  /** On a product page; leave it out on the cart, whose eligibility answer says what the cart holds. */
  productId?: string
  /**
   * On the cart: useFinancingEligibility's answer (PayOverTimeOption.tsx). A cart holding what the lender
   * cannot lease (`items_not_leasable`) gets no offer; the other reasons are about the shopper's details.
   */
  eligibility?: { reasons: { code: string }[] } | null
  backendUrl: string
  publishableKey: string
  learnMoreUrl?: string
  className?: string
}

type Offer = NonNullable<AsLowAsResponse["as_low_as"]>

/** Typing a quantity or clicking +/- several times asks once, for the last amount. */
const DEBOUNCE_MS = 250
const DOLLARS = /^\d+(\.\d{1,2})?$/
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })
const money = (dollars: string) => usd.format(Number(dollars))

/** A number (a Medusa total may carry tax's fractions of a cent) is asked about as the shopper sees it. */
function amountText(amount: number | string): string | null {
  const text = typeof amount === "number" ? (Number.isFinite(amount) ? amount.toFixed(2) : "") : amount.trim()
  return DOLLARS.test(text) ? text : null
}

export function useAsLowAs(
  amount: number | string,
  backendUrl: string,
  publishableKey: string,
  productId?: string
): Offer | null {
  const [offer, setOffer] = useState<Offer | null>(null)
  const text = amountText(amount)

  useEffect(() => {
    if (!text || !publishableKey) {
      setOffer(null)
      return
    }
    const request = new AbortController()
    const timer = setTimeout(() => {
      const url =
        `${backendUrl.replace(/\/+$/, "")}/store/retail-financing/as-low-as?amount=${text}` +
        (productId ? `&product_id=${encodeURIComponent(productId)}` : "")
      fetch(url, { headers: { "x-publishable-api-key": publishableKey }, signal: request.signal })
        .then((response) => (response.ok ? (response.json() as Promise<AsLowAsResponse>) : null))
        .then((body) => {
          if (!request.signal.aborted) setOffer(body?.available ? body.as_low_as : null)
        })
        // Aborted for a newer amount, offline, or refused: nothing to show.
        .catch(() => {
          if (!request.signal.aborted) setOffer(null)
        })
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      request.abort()
    }
  }, [text, backendUrl, publishableKey, productId])

  return offer
}

export function AsLowAs({
  amount,
  productId,
  eligibility,
  backendUrl,
  publishableKey,
  learnMoreUrl,
  className,
}: AsLowAsProps) {
  const offer = useAsLowAs(amount, backendUrl, publishableKey, productId)
  if (!offer || eligibility?.reasons.some((reason) => reason.code === "items_not_leasable")) return null

  const payment = `${money(offer.monthly_payment)}/mo`
  const buyouts = offer.early_buyout_options.map(
    (buyout) => `${money(buyout.payment)} by month ${buyout.month} (you save ${buyout.savings_percentage}%)`
  )
  return (
    <div className={className}>
      <p style={{ margin: 0 }}>
        As low as <strong>{payment}</strong> for {offer.months} months with {offer.partner_display_name}
        {learnMoreUrl ? (
          <>
            {" "}
            <a href={learnMoreUrl} target="_blank" rel="noopener">
              Learn more
            </a>
          </>
        ) : null}
      </p>
      {learnMoreUrl ? null : (
        <details style={{ fontSize: "0.75em" }}>
          <summary>Learn more</summary>
          <p>
            Choose to pay over time at checkout and apply with {offer.partner_display_name}. {payment} for{" "}
            {offer.months} months is the lowest payment offered for this amount; yours depends on your
            application.
            {buyouts.length ? ` Early buyout: pay ${buyouts.join(", or ")}.` : ""}
          </p>
        </details>
      )}
      {offer.disclaimer ? (
        <p style={{ margin: "0.25em 0 0", fontSize: "0.75em" }}>{offer.disclaimer}</p>
      ) : null}
    </div>
  )
}

export default AsLowAs
