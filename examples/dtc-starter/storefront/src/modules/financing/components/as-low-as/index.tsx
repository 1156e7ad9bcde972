"use client"

import { useFinancingLanguage } from "@modules/checkout/hooks/use-financing-words"
import Script from "next/script"

const BACKEND_URL = process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL || "http://localhost:9000"
const PUBLISHABLE_KEY = process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY ?? ""

/**
 * "As low as $X/mo for N months with <partner>" from the plugin's web component, served by the Medusa
 * backend. `amount` is the figure the page shows beside it, in dollars: the selected variant's price on a
 * product page, the cart's total (what the shopper finances) on the cart and at checkout. Renders nothing
 * when the amount is not financed, the product cannot be leased, or the service cannot answer. It speaks
 * the starter's language (its locale cookie): the starter's own `<html lang>` is always "en".
 */
export default function AsLowAs({
  amount,
  productId,
  "data-testid": dataTestId,
}: {
  amount: number | null | undefined
  productId?: string
  "data-testid"?: string
}) {
  const language = useFinancingLanguage()
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) return null
  return (
    <div className="txt-small text-ui-fg-subtle" data-testid={dataTestId}>
      {/* One script for every element on the page: Next.js loads a script with the same id once. */}
      <Script
        id="retail-financing-as-low-as"
        type="module"
        src={`${BACKEND_URL}/retail-financing/as-low-as.js`}
        strategy="afterInteractive"
      />
      <retail-financing-as-low-as
        amount={amount.toFixed(2)}
        product-id={productId}
        backend-url={BACKEND_URL}
        publishable-key={PUBLISHABLE_KEY}
        lang={language}
      />
    </div>
  )
}
