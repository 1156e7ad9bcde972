"use client"

/*
 * Asks the plugin whether Pay over time can be offered for the cart, again whenever the cart changes (a new
 * address, phone, item or total). Copy to src/modules/checkout/hooks/. In the starter's payment step
 * (src/modules/checkout/components/payment/index.tsx):
 *
 *   const eligibility = useFinancingEligibility(cart)
 *   ...
 *   <Radio value={method.id} disabled={isFinancing(method.id) && eligibility?.eligible === false}>
 *   {isFinancing(method.id) && <FinancingReasons eligibility={eligibility} />}
 */
import type { HttpTypes } from "@medusajs/types"
import { useEffect, useState } from "react"

import { getFinancingEligibility } from "../../../lib/data/financing"
import type { FinancingEligibility } from "../../../lib/financing"

type CartVersion = Pick<HttpTypes.StoreCart, "id" | "updated_at" | "total"> | null | undefined

/** Null until the first answer, and when the store could not be asked (then offer the option as usual). */
export function useFinancingEligibility(cart: CartVersion): FinancingEligibility | null {
  const [eligibility, setEligibility] = useState<FinancingEligibility | null>(null)
  const cartId = cart?.id
  // The starter re-reads the cart after every change, so its updated_at and total say when to ask again.
  const version = cart ? `${String(cart.updated_at ?? "")}|${cart.total}` : ""

  useEffect(() => {
    if (!cartId) return
    let current = true
    getFinancingEligibility(cartId).then(
      (answer) => current && setEligibility(answer),
      () => current && setEligibility(null)
    )
    // An answer for an older version of the cart must not replace a newer one.
    return () => {
      current = false
    }
  }, [cartId, version])

  // While a changed cart is being asked about, the last answer stays: the option does not flicker.
  return eligibility
}
