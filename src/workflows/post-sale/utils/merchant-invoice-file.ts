import { Modules } from "@medusajs/framework/utils"

import type { InvoiceFile } from "../../../lib/financing/schemas"
import {
  type LedgerAction,
  RETAIL_FINANCING_MODULE,
  type RetailFinancingModuleService,
} from "../../../modules/retail-financing"
import { ActionRefusedError, type PerformContext } from "./perform/context"

/** The payload of a merchant's invoice action (its `source` is "file"). */
export interface MerchantInvoicePayload {
  source: "file"
  order_id: string
  file_id: string
  filename: string
  /** The merchant asked for the generated invoice to be sent as well. */
  keep_generated?: boolean
  /** "ledger": the plugin's own table. Absent on actions recorded before it: Medusa's File module. */
  stored_in?: "ledger"
}

const ledgerOf = (context: Pick<PerformContext, "container">) =>
  context.container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)

/** The merchant's file as it is sent. */
export async function merchantInvoiceFile(
  context: PerformContext,
  payload: MerchantInvoicePayload
): Promise<InvoiceFile> {
  if (payload.stored_in !== "ledger") {
    const content = await context.container.resolve(Modules.FILE).getAsBuffer(payload.file_id)
    return { filename: payload.filename, content }
  }
  const stored = await ledgerOf(context).invoiceFiles.read(payload.file_id)
  if (!stored) {
    throw new ActionRefusedError(
      `the uploaded file ${payload.filename} is no longer stored (it is deleted once the service accepts ` +
        "it); upload it again if the service does not have it"
    )
  }
  return { filename: stored.filename, content: stored.content, contentType: stored.content_type }
}

/** The service accepted the file: nothing will read it again, so it is deleted. */
export async function forgetMerchantInvoiceFile(
  context: PerformContext,
  payload: MerchantInvoicePayload
): Promise<void> {
  if (payload.stored_in === "ledger") await ledgerOf(context).invoiceFiles.delete([payload.file_id])
  else await context.container.resolve(Modules.FILE).deleteFiles(payload.file_id)
}

/**
 * The merchant's invoice that replaces the generated one for this order, if any: one uploaded without
 * `keep_generated`. Its file name, or null.
 */
export function replacingMerchantInvoice(actions: readonly LedgerAction[], orderId: string): string | null {
  for (const action of actions) {
    const payload = action.payload as Partial<MerchantInvoicePayload> | null
    if (action.kind !== "invoice" || payload?.source !== "file" || payload.order_id !== orderId) continue
    if (payload.keep_generated !== true) return payload.filename ?? "(no name)"
  }
  return null
}

/** replacingMerchantInvoice, read from the ledger. */
export async function merchantInvoiceReplacing(
  context: Pick<PerformContext, "container">,
  applicationId: string,
  orderId: string
): Promise<string | null> {
  return replacingMerchantInvoice(await ledgerOf(context).actions.ofApplication(applicationId), orderId)
}
