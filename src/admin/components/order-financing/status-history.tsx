import { TriangleDownMini, TriangleRightMini } from "@medusajs/icons"
import { StatusBadge, Text } from "@medusajs/ui"
import { useState } from "react"

import type { StatusChange } from "../../../domain/admin-api/types"
import { formatDateTime, newestFirst } from "../../lib/format"
import { applicationStatusColor, applicationStatusLabel } from "../../lib/status-words"

type StatusHistoryProps = { history: StatusChange[] }

export const StatusHistory = ({ history }: StatusHistoryProps) => {
  const [open, setOpen] = useState(false)
  // Merchants look for the latest change first.
  const changes = newestFirst(history, (change) => change.at)

  return (
    <div className="px-6 py-3">
      <button
        type="button"
        className="text-ui-fg-subtle hover:text-ui-fg-base txt-compact-small-plus flex items-center gap-x-1"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="rf-status-history-toggle"
      >
        {open ? <TriangleDownMini /> : <TriangleRightMini />}
        Status history ({history.length})
      </button>
      {open && changes.length === 0 && (
        <Text size="small" className="text-ui-fg-subtle mt-2">
          No status changes recorded yet.
        </Text>
      )}
      {open && changes.length > 0 && (
        <>
          <ol className="mt-2 flex flex-col gap-y-2" data-testid="rf-status-history">
            {changes.map((change, index) => (
              <li
                key={`${change.at}-${change.status}-${index}`}
                className="flex items-center justify-between gap-x-4"
                data-status={change.status}
              >
                <StatusBadge color={applicationStatusColor(change.status, change.stage)}>
                  {applicationStatusLabel(change.status, change.stage)}
                </StatusBadge>
                <Text size="small" leading="compact" className="text-ui-fg-subtle">
                  {formatDateTime(change.at)}
                </Text>
              </li>
            ))}
          </ol>
          <Text size="xsmall" className="text-ui-fg-muted mt-2">
            Each status the store read from the lender, when it read it. A step that lasts only moments (such
            as Approved, when the shopper approves and signs in one go) may be over before the store reads it.
          </Text>
        </>
      )}
    </div>
  )
}
