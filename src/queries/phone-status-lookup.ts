import type { MedusaContainer } from "@medusajs/framework/types"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../modules/retail-financing"
import { findApplicationStage } from "../lib/financing/schemas/statuses"
import type { PhoneStatusResponse } from "../domain/admin-api/types"
import { ordersForAdmin } from "./orders-for-admin"

/**
 * The status by phone (endpoint 5) for a merchant on the phone with a shopper, and what the store's ledger
 * knows of the application it names: the ledger record and the order, so the admin can link to it. Spec
 * rule 1: this is a person's look-up; nothing in the plugin confirms an order with it. The service's errors
 * are the caller's to answer (a number it does not know is a FinancingNotFoundError).
 */
export async function lookUpApplicationByPhone(
  container: MedusaContainer,
  phone: string
): Promise<PhoneStatusResponse> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const status = await financing.getClient().getApplicationStatusByPhone(phone)
  const [known] = await financing.listFinancingApplications({ public_id: status.publicId }, { take: 1 })
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
