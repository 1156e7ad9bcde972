import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

import {
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../../modules/retail-financing"
import { findApplicationStage } from "../../../../lib/financing/schemas/statuses"
import type { AdminGetPhoneStatus } from "./validators"

/**
 * `?phone=`: the status by phone (endpoint 5), for a merchant looking an application up while on the phone
 * with a shopper. Spec rule 1 forbids using it to confirm an order, and nothing in the plugin does: orders
 * follow the by-id status.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { phone } = req.validatedQuery as AdminGetPhoneStatus
  const financing = req.scope.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const status = await financing.getClient().getApplicationStatusByPhone(phone)
  res.json({
    application: {
      public_id: status.publicId,
      status: status.status,
      stage: findApplicationStage(status.status) ?? null,
      approval_amount: status.approvalAmount,
      invoice_amount: status.invoiceAmount,
      partner_display_name: status.financingPartnerDisplayName,
    },
  })
}
