import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../modules/retail-financing"
import { describeFailure } from "../../domain/post-sale/action-retry"
import { sendAction } from "./send-action"

/** Status reads per run: with a slow service one run still ends well before the next. */
const BATCH = 100

export interface OpenReturnsReport {
  applications: number
  released: number
  failed: number
}

/**
 * A captured contract's session is closed, so the session reconciliation no longer reads it; but a return
 * request is still open at the service until it settles, and a lost callback would leave the ledger in
 * PendingReturn and the next return waiting for ever. Each such application's status is read by id and
 * recorded, which settles what the service settled and sends the return that was waiting for it.
 */
export async function followOpenReturns(container: MedusaContainer): Promise<OpenReturnsReport> {
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const client = financing.getClient()
  const publicIds = await financing.applicationsAwaitingReturn(BATCH)
  const report: OpenReturnsReport = { applications: publicIds.length, released: 0, failed: 0 }
  for (const publicId of publicIds) {
    try {
      const application = await financing.findApplication({ public_id: publicId })
      if (!application) continue
      const readStartedAt = new Date()
      const { releasedActionIds } = await financing.recordApplication({
        publicId,
        sessionId: application.payment_session_id,
        cartId: application.cart_id,
        amount: Number(application.amount),
        observed: await client.getApplicationStatus(publicId),
        readStartedAt,
      })
      for (const id of releasedActionIds) await sendAction(container, id)
      report.released += releasedActionIds.length
    } catch (error) {
      report.failed += 1
      logger.warn(`retail-financing: following the return of ${publicId} failed: ${describeFailure(error)}`)
    }
  }
  return report
}
