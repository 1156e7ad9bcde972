import { Heading, Text } from "@medusajs/ui"

import type { PostSaleAction } from "../../../domain/admin-api/types"
import { newestFirst } from "../../lib/format"
import type { ActionContext } from "../../lib/order-financing-text"
import { ActionRow } from "./action-row"

type ActionsListProps = { orderId: string; actions: PostSaleAction[]; context: ActionContext }

export const ActionsList = ({ orderId, actions, context }: ActionsListProps) => {
  const ordered = newestFirst(actions, (action) => action.created_at)

  return (
    <div className="py-2">
      <div className="px-6 py-2">
        <Heading level="h3">Sent to the lender</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          What the plugin told the financing service about this order, newest first.
        </Text>
      </div>
      {ordered.length === 0 && (
        <Text size="small" leading="compact" className="text-ui-fg-subtle px-6 py-2">
          Nothing sent yet.
        </Text>
      )}
      <ul className="divide-y" data-testid="rf-actions">
        {ordered.map((action) => (
          <ActionRow key={action.id} orderId={orderId} action={action} context={context} />
        ))}
      </ul>
    </div>
  )
}
