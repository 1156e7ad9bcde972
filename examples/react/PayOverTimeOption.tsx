/*
 * "Pay over time" in a React checkout's list of payment methods, disabled with the reasons when the plugin
 * says the cart cannot be financed (GET /store/retail-financing/eligibility). Copy this file into a React
 * storefront; it needs nothing but React 18+. For the Next.js starter, see examples/nextjs/.
 *
 *   const eligibility = useFinancingEligibility({ cart, backendUrl, publishableKey })
 *   <PayOverTimeOption eligibility={eligibility} selected={method === id} onSelect={() => setMethod(id)} />
 *
 * The plugin answers from the cart alone, without asking the financing service, so asking again after every
 * cart change is cheap. Each reason is a sentence for the shopper (`message`), with the cart field at fault
 * (`field`, such as "billing_address.phone", to point at the input) and a stable `code`.
 */
import { type ReactNode, useEffect, useState } from "react"

/** The route's answer. `code` is one of the plugin's stable keys (docs/storefront.md lists them). */
export interface FinancingEligibility {
  eligible: boolean
  reasons: { code: string; field: string | null; message: string }[]
}

export interface UseFinancingEligibilityInput {
  /** The cart as the store API gives it: a new `updated_at` or `total` means ask again. */
  cart: { id: string; updated_at?: string | Date | null; total?: number | null } | null | undefined
  backendUrl: string
  publishableKey: string
}

/** Null until answered, and when the store cannot be asked: then offer the option as usual. */
export function useFinancingEligibility({
  cart,
  backendUrl,
  publishableKey,
}: UseFinancingEligibilityInput): FinancingEligibility | null {
  const [eligibility, setEligibility] = useState<FinancingEligibility | null>(null)
  const cartId = cart?.id
  const version = cart ? `${String(cart.updated_at ?? "")}|${cart.total ?? ""}` : ""

  useEffect(() => {
    if (!cartId || !publishableKey) return
    const request = new AbortController()
    const url = `${backendUrl.replace(/\/+$/, "")}/store/retail-financing/eligibility?cart_id=${encodeURIComponent(cartId)}`
    fetch(url, { headers: { "x-publishable-api-key": publishableKey }, signal: request.signal })
      .then((response) => (response.ok ? (response.json() as Promise<FinancingEligibility>) : null))
      .then((body) => {
        if (!request.signal.aborted) setEligibility(body)
      })
      // Aborted for a newer version of the cart, or offline: keep offering the option.
      .catch(() => {
        if (!request.signal.aborted) setEligibility(null)
      })
    // An answer for an older version of the cart must not replace a newer one.
    return () => request.abort()
  }, [cartId, version, backendUrl, publishableKey])

  return eligibility
}

export interface PayOverTimeOptionProps {
  eligibility: FinancingEligibility | null
  selected: boolean
  onSelect: () => void
  name?: string
  children?: ReactNode
  className?: string
}

export function PayOverTimeOption({
  eligibility,
  selected,
  onSelect,
  name = "payment_method",
  children = "Pay over time",
  className,
}: PayOverTimeOptionProps) {
  const unavailable = eligibility?.eligible === false
  return (
    <div className={className} aria-disabled={unavailable || undefined}>
      <label>
        <input
          type="radio"
          name={name}
          checked={selected && !unavailable}
          disabled={unavailable}
          onChange={onSelect}
        />{" "}
        {children}
      </label>
      {unavailable && eligibility.reasons.length > 0 ? (
        <ul aria-live="polite" style={{ margin: "0.25em 0 0", fontSize: "0.875em" }}>
          {eligibility.reasons.map((reason) => (
            <li key={`${reason.code}:${reason.field ?? ""}`} data-code={reason.code}>
              {reason.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

export default PayOverTimeOption
