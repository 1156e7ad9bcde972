import type {
  ApplicationInput,
  ApplicationStatusValue,
  PaymentStatusValue,
  ReturnRequest,
} from "../lib/financing/schemas"
import type { DeliveryInformation } from "../lib/financing/schemas"

export interface ContractFigures {
  approvalAmount: number | null
  borrowedAmount: number | null
  invoiceAmount: number | null
  totalInStorePayment: number | null
  financingPartnerCode: string | null
  financingPartnerName: string | null
  financingPartnerDisplayName: string | null
}

export interface FundingRecord {
  transferId: string
  wireReferenceId: string
  /** When the transfer started. */
  startedAt: string
  amount: number
  status: PaymentStatusValue
}

export interface CallbackRecord {
  eventId: string
  status: ApplicationStatusValue
  previousStatus: ApplicationStatusValue
  changedAt: string
  attempts: number
  delivered: boolean
  dropped: boolean
  lastError: string | null
}

export interface InvoiceRecord {
  filename: string
  contentType: string
  size: number
  sha256: string
  receivedAt: string
  /** Kept so a test or a person can check what the retailer uploaded. */
  contentBase64: string
}

export type DeliveryRecord = DeliveryInformation & { receivedAt: string }

export type ReturnRequestRecord = ReturnRequest & {
  receivedAt: string
  settledAt: string | null
  settledTo: ApplicationStatusValue | null
}

/** Everything the sandbox knows of one application. */
export interface SandboxApplication {
  publicId: string
  applicationId: number
  storeCode: string
  status: ApplicationStatusValue
  statusHistory: { status: ApplicationStatusValue; at: string }[]
  input: ApplicationInput
  callbackUrl: string | null
  createdAt: string
  contract: ContractFigures
  funding: FundingRecord | null
  /** The signed status to go back to when a partial return or a redraft settles. */
  statusBeforeReturn: ApplicationStatusValue | null
  callbacks: CallbackRecord[]
  invoices: InvoiceRecord[]
  deliveries: DeliveryRecord[]
  orderReferences: string[]
  returnRequests: ReturnRequestRecord[]
}

export const EMPTY_CONTRACT: ContractFigures = {
  approvalAmount: null,
  borrowedAmount: null,
  invoiceAmount: null,
  totalInStorePayment: null,
  financingPartnerCode: null,
  financingPartnerName: null,
  financingPartnerDisplayName: null,
}
