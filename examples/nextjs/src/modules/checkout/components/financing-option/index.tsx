"use client"

/*
 * Pay over time in the payment step's list: disabled, with the reasons, when the cart cannot be financed.
 * Copy to src/modules/checkout/components/financing-option/.
 *
 * The starter lists providers in a headless UI RadioGroup: there, keep its Radio and add
 * `disabled={eligibility?.eligible === false}` and <FinancingReasons eligibility={eligibility} /> under it.
 * FinancingOption is the same with a plain radio input, for checkouts without that RadioGroup.
 */
import type { ReactNode } from "react"

import type { FinancingEligibility } from "../../../../lib/financing"

export function FinancingReasons({
  eligibility,
  className,
}: {
  eligibility: FinancingEligibility | null
  className?: string
}) {
  if (!eligibility || eligibility.eligible || eligibility.reasons.length === 0) return null
  return (
    <ul className={className} data-testid="financing-reasons" aria-live="polite">
      {eligibility.reasons.map((reason) => (
        // `field` lets a checkout point at the input to fix; `code` is stable for its own wording.
        <li
          key={`${reason.code}:${reason.field ?? ""}`}
          data-code={reason.code}
          data-field={reason.field ?? undefined}
        >
          {reason.message}
        </li>
      ))}
    </ul>
  )
}

export interface FinancingOptionProps {
  providerId: string
  /** From useFinancingEligibility; null while unknown, when the option stays available. */
  eligibility: FinancingEligibility | null
  selected: boolean
  onSelect: (providerId: string) => void
  children?: ReactNode
  className?: string
}

export default function FinancingOption({
  providerId,
  eligibility,
  selected,
  onSelect,
  children = "Pay over time",
  className,
}: FinancingOptionProps) {
  const unavailable = eligibility?.eligible === false
  return (
    <div className={className} data-testid="financing-option" aria-disabled={unavailable || undefined}>
      <label>
        <input
          type="radio"
          name="payment_provider"
          value={providerId}
          checked={selected && !unavailable}
          disabled={unavailable}
          onChange={() => onSelect(providerId)}
        />{" "}
        {children}
      </label>
      <FinancingReasons eligibility={eligibility} />
    </div>
  )
}
