"use client"

import type { FinancingReason } from "@lib/financing"
import { useFinancingWords } from "@modules/checkout/hooks/use-financing-words"
import { Text } from "@modules/common/components/ui"

/** Why Pay over time cannot be offered, under its option in the payment step: the plugin's sentences. */
const FinancingReasons = ({ reasons }: { reasons: FinancingReason[] }) => {
  const words = useFinancingWords()
  if (reasons.length === 0) return null
  return (
    <div className="text-ui-fg-subtle txt-small" data-testid="financing-reasons">
      <Text className="txt-small-plus text-ui-fg-base">{words.notAvailable}</Text>
      <ul className="list-disc pl-5">
        {reasons.map((reason) => (
          <li key={`${reason.code}-${reason.field ?? ""}`} data-field={reason.field ?? undefined}>
            {reason.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

export default FinancingReasons
