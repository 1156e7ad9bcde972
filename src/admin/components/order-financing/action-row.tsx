import { ArrowPath } from "@medusajs/icons"
import { Button, StatusBadge, Text } from "@medusajs/ui"
import { postJson, routes, type ActionResponse, type PostSaleAction } from "../../lib/api"
import { actionKindLabel, actionStateColor, actionStateLabel, formatDateTime } from "../../lib/format"
import { useActionRequest } from "../../lib/use-action-request"

type ActionRowProps = { action: PostSaleAction; onChanged: () => void }

export const ActionRow = ({ action, onChanged }: ActionRowProps) => {
  const { run, isRunning } = useActionRequest(onChanged)
  const retry = () => void run(() => postJson<ActionResponse>(routes.retry(action.id), {}))

  return (
    <li
      className="flex flex-col gap-y-1 px-6 py-3"
      data-testid="rf-action"
      data-kind={action.kind}
      data-state={action.state}
    >
      <div className="flex items-center justify-between gap-x-4">
        <Text size="small" leading="compact" weight="plus">
          {actionKindLabel(action.kind)}
        </Text>
        <StatusBadge color={actionStateColor(action.state)}>{actionStateLabel(action.state)}</StatusBadge>
      </div>
      {action.summary && (
        <Text size="small" className="text-ui-fg-subtle">
          {action.summary}
        </Text>
      )}
      <Text size="xsmall" className="text-ui-fg-muted">
        {describeAttempts(action)}
      </Text>
      {action.last_error && (
        <Text size="small" className="text-ui-fg-error" data-testid="rf-action-error">
          {action.last_error}
        </Text>
      )}
      {action.result && (
        <Text size="small" className="text-ui-fg-subtle">
          Answer from the financing service: {action.result}
        </Text>
      )}
      {action.state === "failed" && (
        <div className="pt-1">
          <Button
            size="small"
            variant="secondary"
            onClick={retry}
            disabled={isRunning}
            isLoading={isRunning}
            data-testid="rf-retry"
          >
            <ArrowPath />
            Retry
          </Button>
        </div>
      )}
    </li>
  )
}

function describeAttempts(action: PostSaleAction): string {
  const parts = [
    `Requested ${formatDateTime(action.created_at)}`,
    `${action.attempts} ${action.attempts === 1 ? "attempt" : "attempts"}`,
  ]
  if (action.completed_at) {
    parts.push(`completed ${formatDateTime(action.completed_at)}`)
  } else if (action.next_attempt_at) {
    parts.push(`next attempt ${formatDateTime(action.next_attempt_at)}`)
  }
  if (action.cause) {
    parts.push(`cause: ${action.cause}`)
  }
  return parts.join(" · ")
}
