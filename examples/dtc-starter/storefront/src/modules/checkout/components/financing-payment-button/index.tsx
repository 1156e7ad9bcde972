"use client"

import { financingLinkFor } from "@lib/data/financing"
import type { FinancingReason } from "@lib/financing"
import type { HttpTypes } from "@medusajs/types"
import ErrorMessage from "@modules/checkout/components/error-message"
import FinancingReasons from "@modules/checkout/components/financing-reasons"
import { useFinancingWords } from "@modules/checkout/hooks/use-financing-words"
import { Button } from "@modules/common/components/ui"
import { useParams } from "next/navigation"
import { useState } from "react"

/**
 * The review step's button for Pay over time: sends the shopper to the financing service's page, where
 * they apply and sign; the service sends them back to checkout/financing/return (or cancel).
 */
const FinancingPaymentButton = ({
  cart,
  notReady,
  "data-testid": dataTestId,
}: {
  cart: HttpTypes.StoreCart
  notReady: boolean
  "data-testid"?: string
}) => {
  const { countryCode } = useParams() as { countryCode: string }
  const words = useFinancingWords()
  const [submitting, setSubmitting] = useState(false)
  const [problem, setProblem] = useState<{ message: string; reasons: FinancingReason[] } | null>(null)

  const goToFinancing = async () => {
    setSubmitting(true)
    setProblem(null)
    const started = await financingLinkFor(cart.id, countryCode).catch(() => null)
    if (started?.ok) {
      // Stays "submitting" while the browser leaves for the service's page.
      window.location.assign(started.link)
      return
    }
    setProblem(
      started
        ? { message: started.message, reasons: started.reasons }
        : { message: words.couldNotStart, reasons: [] }
    )
    setSubmitting(false)
  }

  return (
    <>
      <Button
        disabled={notReady}
        isLoading={submitting}
        onClick={goToFinancing}
        size="large"
        data-testid={dataTestId}
      >
        {words.continueToFinancing}
      </Button>
      {problem && problem.reasons.length > 0 ? (
        <FinancingReasons reasons={problem.reasons} />
      ) : (
        <ErrorMessage error={problem?.message} data-testid="financing-error-message" />
      )}
    </>
  )
}

export default FinancingPaymentButton
