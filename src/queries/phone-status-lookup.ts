import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../modules/retail-financing"
import { FinancingNotFoundError } from "../lib/financing/errors"
import { findApplicationStage } from "../lib/financing/schemas/statuses"
import type { PhoneStatusResponse } from "../domain/admin-api/types"
import { ordersForAdmin } from "./orders-for-admin"

/**
 * The status by phone (endpoint 5) for a merchant on the phone with a shopper, and what the store's ledger
 * knows of the application it names: the ledger record and the order, so the admin can link to it. Spec
 * rule 1: this is a person's look-up; nothing in the plugin confirms an order with it. The service's errors
 * are the caller's to answer (a number it does not know is a FinancingNotFoundError).
 *
 * The service answers a store's latest application for the number, so each store code is asked with its
 * own token; of those found, the one the ledger opened last is shown.
 */
export async function lookUpApplicationByPhone(
  container: MedusaContainer,
  phone: string
): Promise<PhoneStatusResponse> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const { status, known } = await latestOfEveryStore(financing, phone)
  const orderId = known?.order_id ?? null
  const order = orderId ? (await ordersForAdmin(container, [orderId])).get(orderId) : undefined
  return {
    application: {
      public_id: status.publicId,
      status: status.status,
      stage: findApplicationStage(status.status) ?? null,
      approval_amount: status.approvalAmount,
      invoice_amount: status.invoiceAmount,
      partner_display_name: status.financingPartnerDisplayName,
    },
    ledger: known
      ? {
          application_id: known.id,
          order: orderId ? { id: orderId, display_id: order?.display_id ?? null } : null,
        }
      : null,
  }
}

async function latestOfEveryStore(financing: RetailFinancingModuleService, phone: string) {
  const storeCodes = financing.getLocations().map((location) => location.storeCode)
  const answers = await Promise.allSettled(
    storeCodes.map((storeCode) => financing.getClient(storeCode).getApplicationStatusByPhone(phone))
  )
  const found = answers.flatMap((answer) => (answer.status === "fulfilled" ? [answer.value] : []))
  if (found.length === 0) {
    // Every store failed: a service failure is told before "not found", which only says this store has none.
    const failures = answers.map((answer) => (answer as PromiseRejectedResult).reason as unknown)
    throw failures.find((error) => !(error instanceof FinancingNotFoundError)) ?? failures[0]
  }
  const known = await financing.listFinancingApplications(
    { public_id: found.map((status) => status.publicId) },
    { order: { created_at: "DESC" } }
  )
  const newest = known[0]
  const status = (newest && found.find((candidate) => candidate.publicId === newest.public_id)) ?? found[0]
  return { status, known: known.find((row) => row.public_id === status.publicId) }
}
