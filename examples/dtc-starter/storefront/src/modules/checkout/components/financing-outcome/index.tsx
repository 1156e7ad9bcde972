"use client"

import { settleFinancedCart } from "@lib/data/financing"
import type { CartFinancing } from "@lib/financing"
import LocalizedClientLink from "@modules/common/components/localized-client-link"
import { Heading, Text } from "@modules/common/components/ui"
import { useEffect, useState } from "react"

/** The plugin could not be asked (the backend is down, say): said plainly, never an error's raw text. */
const UNKNOWN: CartFinancing = {
  state: "waiting",
  message: "We could not check your financing just now. Please reload this page in a moment.",
}

/** How often the page asks again while the order is being made, when the answer does not say. */
const RETRY_MS = 2000
/** The callback that makes the order usually lands in a second or two; then the page stops asking. */
const MAX_TRIES = 15

const HEADINGS: Record<CartFinancing["state"], string> = {
  order_placed: "Your order is placed",
  waiting: "Completing your order…",
  declined: "Your order was not placed",
  left: "Your order was not placed",
  signed_no_order: "Your order was not placed",
  not_started: "Your order was not placed",
}

/**
 * The return page (and the cancel page, which starts from the answer it read): completes the cart and
 * follows the plugin's answer until the order is made, then the starter's confirmation page takes over
 * (settleFinancedCart redirects). Otherwise it shows the plugin's sentence, as it is.
 */
export function FinancingOutcome({
  cartId,
  countryCode,
  initial,
}: {
  cartId: string
  countryCode: string
  initial?: CartFinancing | null
}) {
  const [answer, setAnswer] = useState<CartFinancing | null>(initial ?? null)

  useEffect(() => {
    if (initial) return
    let stopped = false
    const settle = async (tries: number) => {
      const next = (await settleFinancedCart(cartId, countryCode)) ?? UNKNOWN
      if (stopped) return
      // The service sends the shopper here once the contract is signed; until its callback reaches the
      // store, the plugin still knows the application as open ("not_started"). Say so only if it stays so;
      // meanwhile the page keeps "Completing your order…" (a contract signed for a cart changed in another
      // tab is told apart only once that callback is in).
      const notHeardYet = next.state === "not_started" && tries < MAX_TRIES
      if (!notHeardYet) setAnswer(next)
      if ((next.state === "waiting" && tries < MAX_TRIES) || notHeardYet) {
        setTimeout(() => void settle(tries + 1), next.retry_after_ms ?? RETRY_MS)
      }
    }
    void settle(1)
    return () => {
      stopped = true
    }
  }, [cartId, countryCode, initial])

  const shown = answer ?? { state: "waiting" as const, message: "" }
  // An order paid another way: the contract is not needed, and the shopper's order is there to see.
  const heading =
    shown.state === "signed_no_order" && shown.order ? "Your order is already placed" : HEADINGS[shown.state]
  return (
    <div className="flex flex-col gap-y-4 max-w-2xl w-full" data-testid="financing-outcome">
      <Heading level="h1" className="text-3xl-regular">
        {heading}
      </Heading>
      {shown.message && (
        <Text
          className="text-base-regular text-ui-fg-subtle"
          data-testid="financing-message"
          data-state={shown.state}
        >
          {shown.message}
        </Text>
      )}
      {shown.in_store_payment && (
        <Text className="text-base-regular" data-testid="in-store-payment">
          {shown.in_store_payment.message}
        </Text>
      )}
      {(shown.state === "signed_no_order" || shown.state === "order_placed") && shown.order ? (
        <LocalizedClientLink
          href={`/order/${shown.order.id}/confirmed`}
          className="text-ui-fg-interactive"
          data-testid="see-order"
        >
          See order #{shown.order.display_id}
        </LocalizedClientLink>
      ) : shown.state !== "waiting" ? (
        <LocalizedClientLink
          href="/checkout?step=payment"
          className="text-ui-fg-interactive"
          data-testid="back-to-payment"
        >
          Back to payment
        </LocalizedClientLink>
      ) : null}
    </div>
  )
}
