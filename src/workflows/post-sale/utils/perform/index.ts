import type { ActionKind } from "../../../../domain/post-sale/action-kinds"
import type { PerformContext, PerformResult } from "./context"
import { performDelivery } from "./delivery"
import { performInvoice } from "./invoice"
import { performOrderReferences } from "./order-references"
import { performReturnRequest } from "./return-request"

/** How each kind of action is sent: a new kind is one performer file and one line here. */
export const PERFORMERS: Record<ActionKind, (context: PerformContext) => Promise<PerformResult>> = {
  order_references: performOrderReferences,
  invoice: performInvoice,
  delivery: performDelivery,
  return: performReturnRequest,
}
