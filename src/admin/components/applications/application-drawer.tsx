import { Button, Drawer, Heading, StatusBadge, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"

import type { ApplicationListItem } from "../../../domain/admin-api/types"
import { actionKindLabel } from "../../lib/action-words"
import { formatDateTime, formatMoney } from "../../lib/format"
import { applicationStatusColor, applicationStatusLabel } from "../../lib/status-words"
import { StatusHistory } from "../order-financing/status-history"
import type { RowActionHandlers } from "./application-columns"
import { customerOf } from "./customer"
import { lastActionWords } from "./last-action"

type ApplicationDrawerProps = {
  application: ApplicationListItem | null
  handlers: RowActionHandlers
  onClose: () => void
}

const Field = ({
  label,
  children,
  testId,
}: {
  label: string
  children: React.ReactNode
  testId?: string
}) => (
  <div className="grid grid-cols-[160px_1fr] gap-x-4 py-1">
    <Text size="small" leading="compact" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text
      size="small"
      leading="compact"
      className="whitespace-normal [overflow-wrap:anywhere]"
      data-testid={testId}
    >
      {children}
    </Text>
  </div>
)

/**
 * One application, whole: why it needs the merchant (every reason, in full), who the customer is (from the
 * order, or from the cart when there is no order), the service's application number, the status history and
 * what the merchant can do, through the same handlers as the row's menu.
 */
export const ApplicationDrawer = ({ application, handlers, onClose }: ApplicationDrawerProps) => (
  <Drawer open={application !== null} onOpenChange={(open) => !open && onClose()}>
    <Drawer.Content data-testid="rf-app-drawer">
      {application && <DrawerBody application={application} handlers={handlers} />}
    </Drawer.Content>
  </Drawer>
)

const DrawerBody = ({
  application,
  handlers,
}: {
  application: ApplicationListItem
  handlers: RowActionHandlers
}) => {
  const customer = customerOf(application)
  const failed = application.attention.filter((reason) => reason.kind === "action_failed" && reason.action_id)
  const openException = application.exception !== null && application.exception.resolution === null
  return (
    <>
      <Drawer.Header>
        <Drawer.Title>
          {application.application_number !== null
            ? `Application No. ${application.application_number}`
            : "Financing application"}
        </Drawer.Title>
        <Drawer.Description>
          <StatusBadge color={applicationStatusColor(application.status, application.stage)}>
            {applicationStatusLabel(application.status, application.stage)}
          </StatusBadge>
        </Drawer.Description>
      </Drawer.Header>
      <Drawer.Body className="flex flex-col gap-y-6 overflow-y-auto">
        {application.attention.length > 0 && (
          <section className="flex flex-col gap-y-2" data-testid="rf-app-drawer-attention">
            <Heading level="h3">Needs your attention</Heading>
            <ul className="flex list-disc flex-col gap-y-1 pl-5">
              {application.attention.map((reason, index) => (
                <li key={index}>
                  <Text size="small" className="whitespace-normal">
                    {reason.text}
                  </Text>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="flex flex-col">
          <Field label="Application number" testId="rf-app-drawer-number">
            {application.application_number ?? "Not reported by the service yet"}
          </Field>
          <Field label="Public id">{application.public_id ?? "Not created at the service"}</Field>
          <Field label="Made">{formatDateTime(application.created_at)}</Field>
          <Field label="Order">
            {application.order ? (
              <Link to={`/orders/${application.order.id}`} className="text-ui-fg-interactive">
                {application.order.display_id === null
                  ? "Order (no longer in Medusa)"
                  : `#${application.order.display_id}`}
              </Link>
            ) : (
              "No order"
            )}
          </Field>
          <Field label="Customer" testId="rf-app-drawer-customer">
            {customer ? [customer.name, customer.email].filter(Boolean).join(" · ") : "—"}
            {customer?.fromCart ? " (from the cart)" : ""}
          </Field>
          <Field label="Applied for">{formatMoney(application.amount)}</Field>
          {application.approval_amount !== null && (
            <Field label="Approved">{formatMoney(application.approval_amount)}</Field>
          )}
          {application.invoice_amount !== null && (
            <Field label="Invoice">{formatMoney(application.invoice_amount)}</Field>
          )}
          <Field label="Last action">{lastActionWords(application.last_action)}</Field>
        </section>
        <section className="-mx-6">
          <StatusHistory history={application.status_history} />
        </section>
      </Drawer.Body>
      <Drawer.Footer className="flex flex-wrap justify-end gap-2">
        {failed.map((reason) => {
          const action = application.actions.find((candidate) => candidate.id === reason.action_id)
          return (
            <Button
              key={reason.action_id}
              size="small"
              variant="secondary"
              onClick={() => handlers.retry(application, reason.action_id!)}
            >
              Retry: {actionKindLabel(action?.kind ?? "action")}
            </Button>
          )
        })}
        {openException && (
          <>
            <Button size="small" variant="secondary" onClick={() => handlers.voidContract(application)}>
              Void at the service
            </Button>
            <Button size="small" variant="secondary" onClick={() => handlers.resolve(application)}>
              Mark resolved
            </Button>
          </>
        )}
        {application.finish_link && (
          <Button
            size="small"
            variant="secondary"
            data-testid="rf-app-drawer-copy-link"
            onClick={() => handlers.copyFinishLink(application.finish_link!)}
          >
            Copy link to finish
          </Button>
        )}
        {application.public_id && (
          <Button
            size="small"
            variant="secondary"
            onClick={() => handlers.copyPublicId(application.public_id!)}
          >
            Copy application id
          </Button>
        )}
        {application.order && (
          <Button size="small" onClick={() => handlers.openOrder(application.order!.id)}>
            Open order
          </Button>
        )}
      </Drawer.Footer>
    </>
  )
}
