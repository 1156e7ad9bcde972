import { Badge, Button, Container, Heading, Input, Label, Select, Table, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"

import type { PayoutRow, PayoutsQuery } from "../../../domain/admin-api/types"
import { PAYMENT_STATUSES } from "../../../lib/financing/schemas/statuses"
import { adminErrorMessage } from "../../hooks/error-message"
import { useExportPayoutsCsv, useFinancingPayouts } from "../../hooks/payouts"
import { useFinancingSettings } from "../../hooks/settings"
import { type BadgeColor, EMPTY, codeAsWords, formatMoney, orDash } from "../../lib/format"
import { ANY, StoreFilter } from "../applications/application-filters"

const PAGE_SIZE = 20

const PAYMENT_COLOURS: Record<string, BadgeColor> = {
  processed: "green",
  "manually processed": "green",
  pending: "blue",
  waiting: "blue",
  returned: "orange",
  error: "red",
  failed: "red",
}

/**
 * From the first day of this month (as the admin's date inputs write it, YYYY-MM-DD), with no end: the
 * payment's day is the lender's, which in a US evening is already tomorrow in UTC, so "to today" in the
 * admin's own day would hide a payment made today.
 */
function thisMonth(): { from: string; to: string } {
  const today = new Date()
  const month = String(today.getMonth() + 1).padStart(2, "0")
  return { from: `${today.getFullYear()}-${month}-01`, to: "" }
}

/**
 * The lender's payments matched to orders: one row per contract payment the service reported (day, status,
 * transfer id, wire reference, amount), its order (linked), the contract's invoice and in-store payment,
 * Medusa's captured and refunded amounts, and the order total less what the lender paid with its reasons.
 * Filters by payment day, payment status and (for a store with several) store code; totals of every row the
 * filters select; "Export CSV" downloads the same rows.
 */
export const PayoutsSection = () => {
  const [range, setRange] = useState(thisMonth)
  const [status, setStatus] = useState<string>(ANY)
  const [storeCode, setStoreCode] = useState<string>(ANY)
  const [page, setPage] = useState(0)
  const settings = useFinancingSettings()
  const storeCodes = settings.data?.locations.map((location) => location.store_code) ?? []
  const severalStores = storeCodes.length > 1

  const filters: Omit<PayoutsQuery, "limit" | "offset"> = {
    from: range.from || undefined,
    to: range.to || undefined,
    status: status === ANY ? undefined : status,
    store_code: storeCode === ANY ? undefined : storeCode,
  }
  const list = useFinancingPayouts({ ...filters, limit: PAGE_SIZE, offset: page * PAGE_SIZE })
  const exportCsv = useExportPayoutsCsv()
  const rows = list.data?.payouts ?? []
  const count = list.data?.count ?? 0
  const totals = list.data?.totals
  const pageCount = Math.max(1, Math.ceil(count / PAGE_SIZE))

  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setPage(0)
    }

  return (
    <Container className="divide-y p-0" data-testid="rf-payouts">
      <div className="flex flex-col items-start justify-between gap-3 px-6 py-4 lg:flex-row lg:items-end">
        <div className="flex flex-col">
          <Heading level="h2">Payouts</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            The lender's payments matched to orders, newest first, and why each differs from its order.
          </Text>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-y-1">
            <Label size="xsmall" htmlFor="rf-payouts-from">
              From
            </Label>
            <Input
              id="rf-payouts-from"
              size="small"
              type="date"
              value={range.from}
              max={range.to || undefined}
              onChange={(event) => changed(setRange)({ ...range, from: event.target.value })}
              data-testid="rf-payouts-from"
            />
          </div>
          <div className="flex flex-col gap-y-1">
            <Label size="xsmall" htmlFor="rf-payouts-to">
              To
            </Label>
            <Input
              id="rf-payouts-to"
              size="small"
              type="date"
              value={range.to}
              min={range.from || undefined}
              onChange={(event) => changed(setRange)({ ...range, to: event.target.value })}
              data-testid="rf-payouts-to"
            />
          </div>
          <Select size="small" value={status} onValueChange={changed(setStatus)}>
            <Select.Trigger className="w-[190px]" data-testid="rf-payouts-status" aria-label="Payment status">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value={ANY}>All payment statuses</Select.Item>
              {PAYMENT_STATUSES.map((value) => (
                <Select.Item key={value} value={value}>
                  {codeAsWords(value)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
          {severalStores && (
            <StoreFilter storeCodes={storeCodes} value={storeCode} onChange={changed(setStoreCode)} />
          )}
          <Button
            size="small"
            variant="secondary"
            isLoading={exportCsv.isPending}
            data-testid="rf-payouts-export"
            onClick={() =>
              exportCsv.mutate(filters, {
                onSuccess: ({ rows: exported }) =>
                  toast.success(`Exported ${exported} payment${exported === 1 ? "" : "s"}`),
                onError: (error) => toast.error(`Could not export: ${adminErrorMessage(error)}`),
              })
            }
          >
            Export CSV
          </Button>
        </div>
      </div>
      {list.error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4" data-testid="rf-payouts-error">
          Could not load the payouts: {adminErrorMessage(list.error)}
        </Text>
      )}
      <div className="overflow-x-auto">
        <Table data-testid="rf-payouts-table">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Date</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell>Transfer</Table.HeaderCell>
              <Table.HeaderCell>Order</Table.HeaderCell>
              {severalStores && <Table.HeaderCell>Store code</Table.HeaderCell>}
              <Table.HeaderCell className="text-right">Lender paid</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Contract</Table.HeaderCell>
              <Table.HeaderCell className="text-right">In-store</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Captured</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Refunded</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Difference</Table.HeaderCell>
              <Table.HeaderCell>Why</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <PayoutTableRow key={row.application_id} row={row} showStore={severalStores} />
            ))}
            {totals && count > 0 && (
              <Table.Row className="font-medium" data-testid="rf-payouts-totals">
                <Table.Cell>
                  Totals of {count} payment{count === 1 ? "" : "s"}
                </Table.Cell>
                {Array.from({ length: severalStores ? 4 : 3 }, (_, index) => (
                  <Table.Cell key={index} />
                ))}
                <Table.Cell className="text-right">{formatMoney(totals.amount)}</Table.Cell>
                <Table.Cell className="text-right">{formatMoney(totals.invoice_amount)}</Table.Cell>
                <Table.Cell className="text-right">{formatMoney(totals.total_in_store_payment)}</Table.Cell>
                <Table.Cell className="text-right">{formatMoney(totals.captured)}</Table.Cell>
                <Table.Cell className="text-right">{formatMoney(totals.refunded)}</Table.Cell>
                <Table.Cell className="text-right">{formatMoney(totals.difference)}</Table.Cell>
                <Table.Cell />
              </Table.Row>
            )}
          </Table.Body>
        </Table>
      </div>
      {rows.length === 0 && !list.isLoading && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="rf-payouts-empty">
          No payment from the lender in these dates. Payments appear once the lender funds a contract.
        </Text>
      )}
      <Table.Pagination
        count={count}
        pageSize={PAGE_SIZE}
        pageIndex={page}
        pageCount={pageCount}
        canPreviousPage={page > 0}
        canNextPage={page + 1 < pageCount}
        previousPage={() => setPage((current) => Math.max(0, current - 1))}
        nextPage={() => setPage((current) => current + 1)}
      />
    </Container>
  )
}

const PayoutTableRow = ({ row, showStore }: { row: PayoutRow; showStore: boolean }) => (
  <Table.Row data-testid="rf-payout-row">
    <Table.Cell>{orDash(row.date)}</Table.Cell>
    <Table.Cell>
      {row.status ? (
        <Badge size="2xsmall" color={PAYMENT_COLOURS[row.status] ?? "grey"}>
          {codeAsWords(row.status)}
        </Badge>
      ) : (
        EMPTY
      )}
    </Table.Cell>
    <Table.Cell>
      <div className="flex flex-col">
        <Text size="small">{orDash(row.transfer_id)}</Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {row.wire_reference_id ? `Wire ${row.wire_reference_id}` : ""}
        </Text>
      </div>
    </Table.Cell>
    <Table.Cell>
      {row.order ? (
        <Link to={`/orders/${row.order.id}`} className="text-ui-fg-interactive hover:underline">
          {row.order.display_id === null ? row.order.id : `#${row.order.display_id}`}
        </Link>
      ) : (
        EMPTY
      )}
    </Table.Cell>
    {showStore && <Table.Cell>{row.store_code}</Table.Cell>}
    <Table.Cell className="text-right">{formatMoney(row.amount)}</Table.Cell>
    <Table.Cell className="text-right">{formatMoney(row.invoice_amount)}</Table.Cell>
    <Table.Cell className="text-right">{formatMoney(row.total_in_store_payment)}</Table.Cell>
    <Table.Cell className="text-right">{formatMoney(row.captured)}</Table.Cell>
    <Table.Cell className="text-right">{formatMoney(row.refunded)}</Table.Cell>
    <Table.Cell className="text-right">{formatMoney(row.difference)}</Table.Cell>
    <Table.Cell>
      <div className="flex flex-col whitespace-normal">
        {row.reasons.length === 0
          ? EMPTY
          : row.reasons.map((reason) => (
              <Text key={reason.reason} size="xsmall">
                {reason.words}: {formatMoney(reason.amount)}
              </Text>
            ))}
      </div>
    </Table.Cell>
  </Table.Row>
)
