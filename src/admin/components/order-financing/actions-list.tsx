import { Heading, Text } from "@medusajs/ui"
import type { PostSaleAction } from "../../lib/api"
import { newestFirst } from "../../lib/format"
import { ActionRow } from "./action-row"

type ActionsListProps = { actions: PostSaleAction[]; onChanged: () => void }

export const ActionsList = ({ actions, onChanged }: ActionsListProps) => {
  const ordered = newestFirst(actions, (action) => action.created_at)

  return (
    <div className="py-2">
      <div className="px-6 py-2">
        <Heading level="h3">Sent to the financing service</Heading>
      </div>
      {ordered.length === 0 && (
        <Text size="small" leading="compact" className="text-ui-fg-subtle px-6 py-2">
          Nothing sent yet.
        </Text>
      )}
      <ul className="divide-y" data-testid="rf-actions">
        {ordered.map((action) => (
          <ActionRow key={action.id} action={action} onChanged={onChanged} />
        ))}
      </ul>
    </div>
  )
}
