"use client"

import { settleFinancedCart } from "@lib/data/financing"
import type { CartFinancing } from "@lib/financing"
import { type FinancingWords, financingWords } from "@lib/financing-words"
import LocalizedClientLink from "@modules/common/components/localized-client-link"
import { Heading, Text } from "@modules/common/components/ui"
import { useEffect, useState } from "react"

/** The plugin could not be asked (the backend is down, say): said plainly, never an error's raw text. */
const unknownAnswer = (words: FinancingWords): CartFinancing => ({
  state: "waiting",
  message: words.cannotCheck,
})

/** How often the page asks again while the order is being made, when the answer does not say. */
const RETRY_MS = 2000
/** The callback that makes the order usually lands in a second or two; then the page stops asking. */
const MAX_TRIES = 15

const HEADINGS: Record<CartFinancing["state"], keyof FinancingWords> = {
  order_placed: "headingOrderPlaced",
  waiting: "headingCompleting",
  declined: "headingNotPlaced",
  left: "headingNotPlaced",
  signed_no_order: "headingNotPlaced",
  not_started: "headingNotPlaced",
}

/**
 * The return page (and the cancel page, which starts from the answer it read): completes the cart and
 * follows the plugin's answer until the order is made, then the starter's confirmation page takes over
 * (settleFinancedCart redirects). Otherwise it shows the plugin's sentence, as it is. `locale` is the
 * starter's language (its locale cookie, read by the page): the plugin's sentences come in it already.
 */
export function FinancingOutcome({
  cartId,
  countryCode,
  locale,
  initial,
}: {
  cartId: string
  countryCode: string
  locale: string | null
  initial?: CartFinancing | null
}) {
  const words = financingWords(locale)
  const [answer, setAnswer] = useState<CartFinancing | null>(initial ?? null)

  useEffect(() => {
    if (initial) return
    let stopped = false
    const settle = async (tries: number) => {
      const next = (await settleFinancedCart(cartId, countryCode)) ?? unknownAnswer(words)
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
  }, [cartId, countryCode, initial, words])

  const shown = answer ?? { state: "waiting" as const, message: "" }
  // An order paid another way: the contract is not needed, and the shopper's order is there to see.
  const heading =
    shown.state === "signed_no_order" && shown.order
      ? words.headingAlreadyPlaced
      : words[HEADINGS[shown.state]]
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
          {words.seeOrder}
          {shown.order.display_id}
        </LocalizedClientLink>
      ) : shown.state !== "waiting" ? (
        <LocalizedClientLink
          href="/checkout?step=payment"
          className="text-ui-fg-interactive"
          data-testid="back-to-payment"
        >
          {words.backToPayment}
        </LocalizedClientLink>
      ) : null}
    </div>
  )
}
