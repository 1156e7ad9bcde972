import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import type { PayoutRow, PayoutsResponse, PayoutTotals } from "../domain/admin-api/types"
import { centsToDecimalText, fromCents, toCents } from "../domain/money"
import { PAYOUT_REASON_WORDS, payoutMoney, payoutReasonText } from "../domain/payouts/payout-row"
import { toCsv } from "../domain/payouts/csv"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../modules/retail-financing"
import type { QueuedAction } from "../modules/retail-financing/return-queue"
import { ORDER_MONEY_FIELDS, type OrderMoney, orderBooksFacts } from "./admin-order"
import { storeCodeFilter } from "./application-list-filters"

export interface PayoutsQueryInput {
  /** The payment's day, inclusive, `YYYY-MM-DD`. */
  from?: string
  to?: string
  /** The payment's status at the service. */
  status?: string
  store_code?: string
  limit: number
  offset: number
}

type Filter = Record<string, unknown>

const cents = (value: unknown): number | null =>
  value === null || value === undefined ? null : toCents(value as never)
const dollars = (value: unknown): number | null => {
  const amount = cents(value)
  return amount === null ? null : fromCents(amount)
}
const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString()

/** `display_id` is a number in Medusa's model; the graph may hand a big number back as text. */
const displayIdOf = (value: number | string | null | undefined): number | null => {
  const number = typeof value === "string" ? Number(value) : value
  return number !== null && number !== undefined && Number.isSafeInteger(number) ? number : null
}

/** Each row's amounts in cents, for totals added without a float. */
interface CentsOfRow {
  amount: number
  paid: number
  invoice_amount: number
  total_in_store_payment: number
  captured: number
  refunded: number
  difference: number
}

/**
 * Every payment the filters select, newest payment day first, each beside its order's money; their totals.
 * The ledger selects them (the payment's day and status are columns); Medusa's orders are read in one query.
 * All selected rows are read so the totals cover them, then the page is cut.
 */
async function payoutRows(
  container: MedusaContainer,
  query: Omit<PayoutsQueryInput, "limit" | "offset">
): Promise<{ rows: PayoutRow[]; totals: PayoutTotals }> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const topLevelStoreCode = financing.getOptions().storeCode
  const clauses: Filter[] = [{ funding_date: { $ne: null } }]
  if (query.from) clauses.push({ funding_date: { $gte: query.from } })
  if (query.to) clauses.push({ funding_date: { $lte: query.to } })
  if (query.status) clauses.push({ funding_status: query.status })
  if (query.store_code) clauses.push(storeCodeFilter(query.store_code, topLevelStoreCode))
  const applications = await financing.listFinancingApplications(
    { $and: clauses },
    { order: { funding_date: "DESC", id: "DESC" } }
  )

  const orderIds = [...new Set(applications.flatMap((application) => application.order_id ?? []))]
  const orders = new Map<string, OrderMoney>()
  if (orderIds.length > 0) {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["id", "display_id", ...ORDER_MONEY_FIELDS],
      filters: { id: orderIds },
    })
    for (const order of data as OrderMoney[]) if (order.id) orders.set(order.id, order)
  }

  // The returns asked of the lender, per application: the money account counts those not settled yet.
  const actionsOf = new Map<string, QueuedAction[]>()
  if (applications.length > 0) {
    const actions = await financing.listFinancingActions({
      application_id: applications.map((application) => application.id),
    })
    for (const action of actions) {
      const list = actionsOf.get(action.application_id) ?? []
      list.push(action)
      actionsOf.set(action.application_id, list)
    }
  }

  const sums: CentsOfRow = {
    amount: 0,
    paid: 0,
    invoice_amount: 0,
    total_in_store_payment: 0,
    captured: 0,
    refunded: 0,
    difference: 0,
  }
  const rows = applications.map((application): PayoutRow => {
    const funding = (application.funding ?? {}) as Record<string, unknown>
    const order = application.order_id ? orders.get(application.order_id) : undefined
    const facts = orderBooksFacts(order, application, actionsOf.get(application.id) ?? [])
    const money = payoutMoney({
      ...facts,
      paymentStatus: typeof funding.status === "string" ? funding.status : "",
    })
    const row: CentsOfRow = {
      amount: cents(funding.amount) ?? 0,
      paid: money.paidCents,
      invoice_amount: facts.invoiceCents ?? 0,
      total_in_store_payment: facts.inStoreCents ?? 0,
      captured: facts.capturedCents,
      refunded: facts.refundedCents,
      difference: money.differenceCents,
    }
    for (const key of Object.keys(sums) as (keyof CentsOfRow)[]) sums[key] += row[key]
    return {
      application_id: application.id,
      public_id: application.public_id,
      store_code: application.store_code ?? topLevelStoreCode,
      application_status: application.status,
      date: application.funding_date ?? null,
      status: application.funding_status ?? null,
      transfer_id: (funding.transfer_id as string | null | undefined) ?? null,
      wire_reference_id: (funding.wire_reference_id as string | null | undefined) ?? null,
      amount: dollars(funding.amount),
      paid: fromCents(money.paidCents),
      order: application.order_id
        ? { id: application.order_id, display_id: displayIdOf(order?.display_id) }
        : null,
      invoice_amount: dollars(application.invoice_amount),
      signed_invoice_amount: dollars(application.signed_invoice_amount),
      total_in_store_payment: dollars(application.total_in_store_payment),
      captured: fromCents(facts.capturedCents),
      refunded: fromCents(facts.refundedCents),
      order_total: fromCents(facts.orderTotalCents),
      difference: fromCents(money.differenceCents),
      reasons: money.differences.map((difference) => ({
        reason: difference.reason,
        amount: fromCents(difference.cents),
        words: PAYOUT_REASON_WORDS[difference.reason],
      })),
      reason: payoutReasonText(money.differences),
      seen_at: iso(application.funding_seen_at),
      changed_at: iso(application.funding_changed_at),
    }
  })
  const totals: PayoutTotals = {
    amount: fromCents(sums.amount),
    paid: fromCents(sums.paid),
    invoice_amount: fromCents(sums.invoice_amount),
    total_in_store_payment: fromCents(sums.total_in_store_payment),
    captured: fromCents(sums.captured),
    refunded: fromCents(sums.refunded),
    difference: fromCents(sums.difference),
  }
  return { rows, totals }
}

/** The payouts report's page: its rows, the totals of every row the filters select, and the count. */
export async function listPayouts(
  container: MedusaContainer,
  query: PayoutsQueryInput
): Promise<PayoutsResponse> {
  const { rows, totals } = await payoutRows(container, query)
  return {
    payouts: rows.slice(query.offset, query.offset + query.limit),
    totals,
    count: rows.length,
    limit: query.limit,
    offset: query.offset,
  }
}

export const PAYOUT_CSV_HEADER = [
  "date",
  "status",
  "transfer_id",
  "wire_reference",
  "amount",
  "order_id",
  "order_display_id",
  "invoice_amount",
  "in_store_payment",
  "captured",
  "refunded",
  "difference",
  "reason",
  "application_status",
  "store_code",
  "public_id",
] as const

/** Amounts as plain decimals with two places, written from cents ("1219.56", "-100.00"). */
const decimal = (value: number | null): string | null => {
  const whole = cents(value)
  return whole === null ? null : centsToDecimalText(whole)
}

/** Every payment the filters select as CSV (no paging): the header, then one row per payment. */
export async function payoutsCsv(
  container: MedusaContainer,
  query: Omit<PayoutsQueryInput, "limit" | "offset">
): Promise<string> {
  const { rows } = await payoutRows(container, query)
  return toCsv(
    PAYOUT_CSV_HEADER,
    rows.map((row) => [
      row.date,
      row.status,
      row.transfer_id,
      row.wire_reference_id,
      decimal(row.amount),
      row.order?.id ?? null,
      row.order?.display_id ?? null,
      decimal(row.invoice_amount),
      decimal(row.total_in_store_payment),
      decimal(row.captured),
      decimal(row.refunded),
      decimal(row.difference),
      row.reason,
      row.application_status,
      row.store_code,
      row.public_id,
    ])
  )
}
