import {
  ArrowPath,
  ArrowUpRightOnBox,
  CheckCircle,
  Link as LinkIcon,
  SquareTwoStack,
  XCircle,
} from "@medusajs/icons"
import { type DataTableAction, StatusBadge, Text, createDataTableColumnHelper } from "@medusajs/ui"
import { Link } from "react-router-dom"

import type { ApplicationListItem } from "../../../domain/admin-api/types"
import { actionKindLabel } from "../../lib/action-words"
import { formatDateTime, formatMoney } from "../../lib/format"
import { applicationStatusColor, applicationStatusLabel } from "../../lib/status-words"
import { AttentionCell } from "./attention-cell"
import { customerOf } from "./customer"
import { lastActionWords } from "./last-action"
import { waitedFor } from "./waiting"

const column = createDataTableColumnHelper<ApplicationListItem>()

/** What the merchant can do from a row; the list supplies them (they ask for confirmation and report back). */
export interface RowActionHandlers {
  retry: (application: ApplicationListItem, actionId: string) => void
  voidContract: (application: ApplicationListItem) => void
  resolve: (application: ApplicationListItem) => void
  openOrder: (orderId: string) => void
  copyPublicId: (publicId: string) => void
  /** Copies the service's link for the shopper to finish an application not signed yet. */
  copyFinishLink: (link: string) => void
}

const Line = ({
  children,
  subtle = false,
  testId,
}: {
  children: React.ReactNode
  subtle?: boolean
  testId?: string
}) => (
  <Text
    size="small"
    leading="compact"
    // The table lays out by content; text that may wrap lets it fit the page instead of scrolling sideways.
    className={
      subtle
        ? "text-ui-fg-subtle whitespace-normal [overflow-wrap:anywhere]"
        : "whitespace-normal [overflow-wrap:anywhere]"
    }
    data-testid={testId}
  >
    {children}
  </Text>
)

/**
 * The service's application number is what its own pages show; the public id is what the shopper's link and
 * the callbacks carry, shown below it (alone until a status read reports the number).
 */
const ApplicationCell = ({ application }: { application: ApplicationListItem }) => (
  <div className="flex min-w-0 flex-col py-2" data-testid="rf-app-row" data-application-id={application.id}>
    {application.application_number !== null && (
      <span className="txt-compact-small-plus block" data-testid="rf-app-number">
        No. {application.application_number}
      </span>
    )}
    <span
      className="txt-compact-small block max-w-[150px] truncate font-mono"
      data-testid="rf-app-public-id"
      title={application.public_id ?? undefined}
    >
      {application.public_id ?? "Not created at the service"}
    </span>
    <Line subtle>{formatDateTime(application.created_at)}</Line>
  </div>
)

const OrderCell = ({ application }: { application: ApplicationListItem }) => {
  const { order } = application
  if (!order) {
    return <Line subtle>No order</Line>
  }
  return (
    <Link
      to={`/orders/${order.id}`}
      className="txt-compact-small-plus text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
      data-testid="rf-app-order"
      onClick={(event) => event.stopPropagation()}
    >
      {order.display_id === null ? "Order (no longer in Medusa)" : `#${order.display_id}`}
    </Link>
  )
}

/** The order's customer, or the cart's for an application with no order (a contract exception, an unsigned one). */
const CustomerCell = ({ application }: { application: ApplicationListItem }) => {
  const customer = customerOf(application)
  if (!customer) {
    return <Line subtle>—</Line>
  }
  return (
    <div className="flex min-w-0 flex-col" data-testid="rf-app-customer">
      <Line>{customer.name ?? customer.email}</Line>
      {customer.name && customer.email && <Line subtle>{customer.email}</Line>}
    </div>
  )
}

/** The cart amount applied for, then what the lender approved and the contract's invoice, when known. */
const AmountsCell = ({ application }: { application: ApplicationListItem }) => (
  <div className="flex min-w-0 flex-col" data-testid="rf-app-amounts">
    <Line>{formatMoney(application.amount)}</Line>
    {application.approval_amount !== null && (
      <Line subtle>Approved {formatMoney(application.approval_amount)}</Line>
    )}
    {application.invoice_amount !== null && (
      <Line subtle>Invoice {formatMoney(application.invoice_amount)}</Line>
    )}
  </div>
)

const LastActionCell = ({ application }: { application: ApplicationListItem }) => {
  const last = application.last_action
  return (
    <div className="flex min-w-0 flex-col" data-testid="rf-app-last-action">
      <Line>{lastActionWords(last)}</Line>
      {last && <Line subtle>{formatDateTime(last.updated_at ?? last.created_at)}</Line>}
    </div>
  )
}

function rowActions(
  application: ApplicationListItem,
  handlers: RowActionHandlers
): DataTableAction<ApplicationListItem>[][] {
  const retries = application.attention
    .filter((reason) => reason.kind === "action_failed" && reason.action_id)
    .map((reason) => {
      const action = application.actions.find((candidate) => candidate.id === reason.action_id)
      return {
        label: `Retry: ${actionKindLabel(action?.kind ?? "action")}`,
        icon: <ArrowPath />,
        onClick: () => handlers.retry(application, reason.action_id!),
      }
    })
  const exception =
    application.exception && application.exception.resolution === null
      ? [
          {
            label: "Void at the service",
            icon: <XCircle />,
            onClick: () => handlers.voidContract(application),
          },
          { label: "Mark resolved", icon: <CheckCircle />, onClick: () => handlers.resolve(application) },
        ]
      : []
  const order = application.order
    ? [
        {
          label: "Open order",
          icon: <ArrowUpRightOnBox />,
          onClick: () => handlers.openOrder(application.order!.id),
        },
      ]
    : []
  const finish = application.finish_link
    ? [
        {
          label: "Copy link to finish",
          icon: <LinkIcon />,
          onClick: () => handlers.copyFinishLink(application.finish_link!),
        },
      ]
    : []
  // The id the financing service's staff ask for on the phone.
  const copy = application.public_id
    ? [
        {
          label: "Copy application id",
          icon: <SquareTwoStack />,
          onClick: () => handlers.copyPublicId(application.public_id!),
        },
      ]
    : []
  return [retries, exception, finish, [...order, ...copy]].filter((group) => group.length > 0)
}

/**
 * The applications page's columns: who, what, how much, what happened last, and whether the merchant is
 * needed; with `showStore` (a store with several store codes), which store code each was made under.
 */
export function applicationColumns(handlers: RowActionHandlers, { showStore = false } = {}) {
  return [
    column.display({
      id: "application",
      header: "Application",
      // The DataTable splits the width equally among columns without a size: short ones get theirs.
      size: 170,
      cell: ({ row }) => <ApplicationCell application={row.original} />,
    }),
    ...(showStore
      ? [
          column.display({
            id: "store",
            header: "Store",
            size: 110,
            cell: ({ row }) => (
              <span className="txt-compact-small font-mono" data-testid="rf-app-store">
                {row.original.store_code}
              </span>
            ),
          }),
        ]
      : []),
    column.display({
      id: "status",
      header: "Status",
      // Room for the longest label, "Signed, invoice in review", on one line.
      size: 250,
      cell: ({ row }) => (
        <div className="flex min-w-0 flex-col gap-y-1">
          <span data-testid="rf-app-status">
            <StatusBadge color={applicationStatusColor(row.original.status, row.original.stage)}>
              {applicationStatusLabel(row.original.status, row.original.stage)}
            </StatusBadge>
          </span>
          {row.original.finish_link && (
            <Line subtle testId="rf-app-waiting">
              Waited {waitedFor(row.original.created_at, Date.now())}
            </Line>
          )}
        </div>
      ),
    }),
    column.display({
      id: "order",
      header: "Order",
      size: 80,
      cell: ({ row }) => <OrderCell application={row.original} />,
    }),
    column.display({
      id: "customer",
      header: "Customer",
      cell: ({ row }) => <CustomerCell application={row.original} />,
    }),
    column.display({
      id: "amounts",
      header: "Amounts",
      cell: ({ row }) => <AmountsCell application={row.original} />,
    }),
    column.display({
      id: "last_action",
      header: "Last action",
      cell: ({ row }) => <LastActionCell application={row.original} />,
    }),
    column.display({
      id: "attention",
      header: "Attention",
      cell: ({ row }) => <AttentionCell reasons={row.original.attention} />,
    }),
    column.action({ actions: ({ row }) => rowActions(row.original, handlers) }),
  ]
}
