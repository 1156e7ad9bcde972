"use client"

/*
 * The review step's button for Pay over time: sends the shopper to the financing service's page, where they
 * apply and sign; the service sends them back to the return page (or the cancel page). Copy to
 * src/modules/checkout/components/financing-payment-button/ and add a case to the starter's PaymentButton
 * (src/modules/checkout/components/payment-button/index.tsx):
 *
 *   case isFinancing(paymentSession?.provider_id):
 *     return <FinancingPaymentButton cart={cart} countryCode={countryCode} notReady={notReady} />
 *
 * (countryCode from useParams() there.)
 */
import type { HttpTypes } from "@medusajs/types"
import { useState } from "react"

import { startFinancing } from "../../../../lib/data/financing"
import { type FinancingReason, reusableFinancingLink } from "../../../../lib/financing"
import { goTo } from "../../../../lib/util/go-to"

export interface FinancingPaymentButtonProps {
  cart: HttpTypes.StoreCart
  countryCode: string
  /** The starter's notReady: no address, email or shipping method yet. */
  notReady?: boolean
  className?: string
}

export default function FinancingPaymentButton({
  cart,
  countryCode,
  notReady = false,
  className,
}: FinancingPaymentButtonProps) {
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<{ message: string; reasons: FinancingReason[] } | null>(null)

  const handleClick = async () => {
    setSubmitting(true)
    setError(null)
    // The session the payment step started, if the cart has not changed since; else a fresh one, made
    // from the cart as it is now.
    const reusable = reusableFinancingLink(cart)
    const started = reusable
      ? { ok: true as const, link: reusable }
      : await startFinancing(cart.id, countryCode)
    if (started.ok) {
      // Stays "submitting" while the browser leaves for the service's page.
      goTo(started.link)
      return
    }
    setError({ message: started.message, reasons: started.reasons })
    setSubmitting(false)
  }

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={notReady || submitting}
        aria-busy={submitting || undefined}
        onClick={() => void handleClick()}
        data-testid="financing-payment-button"
      >
        {submitting ? "Opening our financing partner…" : "Continue to Pay over time"}
      </button>
      {error ? (
        <div role="alert" data-testid="financing-payment-error">
          {/* Each reason is also in the message; listed apart when there are several. */}
          {error.reasons.length > 1 ? (
            <ul>
              {error.reasons.map((reason) => (
                <li key={`${reason.code}:${reason.field ?? ""}`}>{reason.message}</li>
              ))}
            </ul>
          ) : (
            <p>{error.message}</p>
          )}
        </div>
      ) : null}
    </>
  )
}
