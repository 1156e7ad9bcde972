import { CheckCircleSolid, ExclamationCircleSolid, InformationCircleSolid } from "@medusajs/icons"
import { Text } from "@medusajs/ui"

import type { Attention } from "../../lib/order-financing-text"

const ICONS = {
  error: <ExclamationCircleSolid className="text-ui-fg-error shrink-0" />,
  warning: <ExclamationCircleSolid className="text-ui-tag-orange-icon shrink-0" />,
  info: <InformationCircleSolid className="text-ui-fg-interactive shrink-0" />,
} as const

type AttentionListProps = { items: Attention[] }

/** What the order's financing needs from the merchant, or waits for next; a calm line when nothing. */
export const AttentionList = ({ items }: AttentionListProps) => {
  if (items.length === 0) {
    return (
      <div className="flex items-start gap-x-2 px-6 py-4" data-testid="rf-attention">
        <CheckCircleSolid className="text-ui-tag-green-icon shrink-0" />
        <Text size="small" className="text-ui-fg-subtle">
          Nothing needs your attention.
        </Text>
      </div>
    )
  }
  const needsYou = items.some((item) => item.tone !== "info")
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="rf-attention">
      <Text size="small" leading="compact" weight="plus">
        {needsYou ? "Needs your attention" : "Next"}
      </Text>
      <ul className="flex flex-col gap-y-2">
        {items.map((item, index) => (
          <li key={index} className="flex items-start gap-x-2" data-tone={item.tone}>
            {ICONS[item.tone]}
            <Text size="small" className={item.tone === "error" ? "text-ui-fg-error" : "text-ui-fg-subtle"}>
              {item.text}
            </Text>
          </li>
        ))}
      </ul>
    </div>
  )
}
