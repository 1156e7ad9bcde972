import { ArrowPath } from "@medusajs/icons"
import { Button, StatusBadge, Text, Tooltip } from "@medusajs/ui"

import type { PostSaleAction } from "../../../domain/admin-api/types"
import { useRetryAction } from "../../hooks/order-financing"
import { actionStateColor, actionStateLabel, actionStateMeaning } from "../../lib/action-words"
import { formatDateTime } from "../../lib/format"
import { type ActionContext, describeAction, wasReplaced } from "../../lib/order-financing-text"
import { DetailsDisclosure } from "../shared/details-disclosure"
import { toastActionOutcome, toastRequestError } from "./action-toast"

type ActionRowProps = { orderId: string; action: PostSaleAction; context: ActionContext }

/** One thing sent to the lender: what, why, how it went, and the retry of a failed one. */
export const ActionRow = ({ orderId, action, context }: ActionRowProps) => {
  const retry = useRetryAction(orderId)
  const description = describeAction(action, context)
  const replaced = wasReplaced(action)

  return (
    <li
      className="flex flex-col gap-y-1 px-6 py-3"
      data-testid="rf-action"
      data-kind={action.kind}
      data-state={action.state}
    >
      <div className="flex items-center justify-between gap-x-4">
        <Text size="small" leading="compact" weight="plus">
          {description.title}
        </Text>
        <Tooltip content={replaced ? "Your uploaded invoice replaced it." : actionStateMeaning(action.state)}>
          <StatusBadge
            color={replaced ? "grey" : actionStateColor(action.state)}
            data-testid="rf-action-state"
          >
            {replaced ? "Replaced" : actionStateLabel(action.state)}
          </StatusBadge>
        </Tooltip>
      </div>
      {description.what && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="rf-action-what">
          {description.what}
        </Text>
      )}
      {description.reason && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="rf-action-reason">
          Reason: {description.reason}
        </Text>
      )}
      <Text size="xsmall" className="text-ui-fg-muted">
        {description.why}
      </Text>
      <Text size="xsmall" className="text-ui-fg-muted">
        {timeline(action)}
      </Text>
      {action.state !== "succeeded" && actionStateMeaning(action.state) && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {actionStateMeaning(action.state)}
        </Text>
      )}
      {action.last_error && action.state === "failed" && (
        <Text size="small" className="text-ui-fg-error" data-testid="rf-action-error">
          {action.last_error}
        </Text>
      )}
      {action.state === "failed" && (
        <div className="pt-1">
          <Button
            size="small"
            variant="secondary"
            onClick={() =>
              retry.mutate(action.id, {
                onSuccess: ({ action: retried }) => toastActionOutcome(retried),
                onError: toastRequestError,
              })
            }
            disabled={retry.isPending}
            isLoading={retry.isPending}
            data-testid="rf-retry"
          >
            <ArrowPath />
            Retry
          </Button>
        </div>
      )}
      <DetailsDisclosure
        className="pt-1"
        testId="rf-action-details"
        entries={[
          { label: "Action", value: action.id },
          { label: "Cause", value: action.cause },
          { label: "State", value: action.state },
          { label: "Summary", value: action.summary },
          { label: "Lender's answer", value: action.result },
          { label: "Last error", value: action.last_error },
          { label: "Attempts", value: action.attempts },
          ...action.attempt_log.map((attempt) => ({
            label: `Attempt ${attempt.number}`,
            value: [formatDateTime(attempt.started_at), attempt.outcome ?? "no answer yet", attempt.error]
              .filter(Boolean)
              .join(" · "),
          })),
        ]}
      />
    </li>
  )
}

/** When it was asked for and sent, and when the next try is, in one line. */
function timeline(action: PostSaleAction): string {
  const parts = [`Requested ${formatDateTime(action.created_at)}`]
  if (action.completed_at) {
    parts.push(`${action.state === "failed" ? "stopped" : "done"} ${formatDateTime(action.completed_at)}`)
  } else if (action.next_attempt_at && action.state !== "sending" && action.state !== "checking") {
    parts.push(`next try ${formatDateTime(action.next_attempt_at)}`)
  }
  if (action.attempts > 1) parts.push(`${action.attempts} attempts`)
  return parts.join(" · ")
}
