import { Module } from "@medusajs/framework/utils"

import { rememberJobSchedules } from "../../config/job-schedules"
import RetailFinancingModuleService from "./service"

export const RETAIL_FINANCING_MODULE = "retailFinancing"

/**
 * Medusa runs a module's loaders as it loads the module, before it loads the jobs, whose schedules are
 * options: they are handed to config/job-schedules here, so a job reads no container.
 */
async function jobSchedulesLoader({ options }: { options?: Record<string, unknown> }): Promise<void> {
  rememberJobSchedules(options ?? {})
}

export default Module(RETAIL_FINANCING_MODULE, {
  service: RetailFinancingModuleService,
  loaders: [jobSchedulesLoader],
})

export { RetailFinancingModuleService }
export type { ActionQueue } from "./action-queue"
export type { ApplicationLedger } from "./application-ledger"
export type {
  ActionRecordInput,
  ApplicationRecordInput,
  ApplicationRecordResult,
  LedgerAction,
  LedgerApplication,
  PayoutChange,
  StatusHistoryEntry,
} from "./types"
export { type CreatedApplication, createdApplication } from "./application-record"
export type { InvoiceFileInput, StoredInvoiceFile } from "./invoice-file-store"
