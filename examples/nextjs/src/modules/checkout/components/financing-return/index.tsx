"use client"

/*
 * What the return page shows while the cart becomes an order, and after, when it did not. Copy to
 * src/modules/checkout/components/financing-return/. The order itself is placed by the server action:
 * it goes to the starter's confirmation page as soon as there is an order.
 */
import { useEffect, useState } from "react"

import { completeFinancedCart } from "../../../../lib/data/financing"
import type { FinancingOutcome } from "../../../../lib/financing"

/** A signed contract reaches the store within seconds; past this the page stops asking and says so. */
const ATTEMPTS = 6
const PAUSE_MS = 2_000

export default function FinancingReturn({ cartId, countryCode }: { cartId: string; countryCode: string }) {
  const [outcome, setOutcome] = useState<FinancingOutcome | null>(null)

  useEffect(() => {
    let stopped = false
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    const run = async () => {
      for (let attempt = 1; attempt <= ATTEMPTS && !stopped; attempt++) {
        // Redirects to the order's confirmation page when there is an order.
        const answer = await completeFinancedCart(cartId, countryCode)
        if (stopped) return
        setOutcome(answer)
        if (answer.outcome !== "waiting") return
        await sleep(PAUSE_MS)
      }
    }
    run().catch(() => {
      if (!stopped) {
        setOutcome({
          outcome: "unknown",
          message: "We could not confirm your financing. Please try again or choose another way to pay.",
        })
      }
    })
    return () => {
      stopped = true
    }
  }, [cartId, countryCode])

  const checkout = `/${countryCode}/checkout?step=payment`
  if (!outcome || outcome.outcome === "waiting") {
    return (
      <div data-testid="financing-return" aria-busy="true">
        <h1>Confirming your financing</h1>
        <p>{outcome?.message ?? "One moment while we place your order."}</p>
      </div>
    )
  }
  return (
    <div data-testid="financing-return" data-outcome={outcome.outcome}>
      <h1>
        {outcome.outcome === "not_signed" ? "Your application is not finished" : "Your order was not placed"}
      </h1>
      <p>{outcome.message}</p>
      <p>
        <a href={checkout}>
          {outcome.outcome === "not_signed" ? "Back to payment" : "Choose another way to pay"}
        </a>
      </p>
    </div>
  )
}
