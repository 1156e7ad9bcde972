"use client"

import { getFinancingEligibility } from "@lib/data/financing"
import type { FinancingEligibility } from "@lib/financing"
import type { HttpTypes } from "@medusajs/types"
import { useEffect, useState } from "react"

/**
 * Whether Pay over time can be offered for the cart, asked again whenever the cart changes (a new
 * `updated_at` or `total`). Null until answered, and when the store cannot be asked: then the option is
 * offered and the session start says what is wrong. An answer for an older cart is dropped.
 */
export function useFinancingEligibility(cart: HttpTypes.StoreCart): FinancingEligibility | null {
  const [eligibility, setEligibility] = useState<FinancingEligibility | null>(null)
  const { id, updated_at: updatedAt, total } = cart
  useEffect(() => {
    let current = true
    getFinancingEligibility(id).then((answer) => {
      if (current) setEligibility(answer)
    })
    return () => {
      current = false
    }
  }, [id, updatedAt, total])
  return eligibility
}
