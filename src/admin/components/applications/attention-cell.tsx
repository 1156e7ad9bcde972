import { StatusBadge, Text, Tooltip } from "@medusajs/ui"

import type { AttentionReason } from "../../../domain/admin-api/types"

/**
 * Whether the merchant is needed, and why: the first reason on the row (cells are one line each), every
 * reason in the tooltip.
 */
export const AttentionCell = ({ reasons }: { reasons: AttentionReason[] }) => {
  if (reasons.length === 0) {
    return (
      <Text
        size="small"
        leading="compact"
        className="text-ui-fg-subtle"
        data-testid="rf-app-attention"
        data-needs-attention="false"
      >
        Nothing to do
      </Text>
    )
  }
  const [first, ...rest] = reasons
  return (
    <Tooltip
      content={
        <ul className="flex flex-col gap-y-1">
          {reasons.map((reason, index) => (
            <li key={index}>{reason.text}</li>
          ))}
        </ul>
      }
    >
      <div className="flex min-w-0 flex-col" data-testid="rf-app-attention" data-needs-attention="true">
        <span>
          <StatusBadge color="red">
            Needs attention{rest.length > 0 ? ` (${reasons.length})` : ""}
          </StatusBadge>
        </span>
        <Text size="small" leading="compact" className="text-ui-fg-subtle line-clamp-2 whitespace-normal">
          {first.text}
        </Text>
      </div>
    </Tooltip>
  )
}
