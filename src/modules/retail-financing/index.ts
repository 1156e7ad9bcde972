import { Module } from "@medusajs/framework/utils"
import RetailFinancingModuleService from "./service"

export const RETAIL_FINANCING_MODULE = "retailFinancing"

export default Module(RETAIL_FINANCING_MODULE, { service: RetailFinancingModuleService })

export { RetailFinancingModuleService }
export type {
  ActionRecordInput,
  ApplicationRecordInput,
  ApplicationRecordResult,
  LedgerAction,
  LedgerApplication,
  StatusHistoryEntry,
} from "./types"
export { type CreatedApplication, createdApplication } from "./application-record"
export type { InvoiceFileInput, StoredInvoiceFile } from "./invoice-files"
