import type { ActionState } from "../../domain/post-sale/action-kinds"
import type { PostSaleAction } from "../../domain/admin-api/types"

/**
 * The multipart body of the merchant's own invoice (POST /admin/retail-financing/orders/:order_id/invoice).
 * The uploaded invoice replaces the generated one for the order; `keep_generated=true` asks for both.
 * The field is left out when unchecked (the route's default), and written before the file so the server has
 * it whatever order it reads the parts in.
 */
export function invoiceUploadForm(file: File, keepGenerated: boolean): FormData {
  const form = new FormData()
  if (keepGenerated) form.append("keep_generated", "true")
  form.append("file", file, file.name)
  return form
}

/** States in which the generated invoice is, or may be, at the service: an upload can no longer replace it. */
const REACHED_SERVICE: ReadonlySet<ActionState> = new Set(["sending", "unknown", "checking", "succeeded"])

/**
 * Whether the order's generated invoice has reached the financing service (or may have: its answer is
 * awaited or was lost). The merchant's upload then goes as a second invoice, whatever the checkbox says.
 * A generated invoice still queued, or failed, is replaced by the upload.
 */
export function generatedInvoiceReachedService(
  orderId: string,
  actions: Pick<PostSaleAction, "kind" | "caused_by" | "state">[]
): boolean {
  return actions.some(
    (action) =>
      action.kind === "invoice" &&
      action.caused_by.kind === "invoice_generated" &&
      action.caused_by.order_id === orderId &&
      REACHED_SERVICE.has(action.state)
  )
}
