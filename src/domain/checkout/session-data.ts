import { MedusaError } from "@medusajs/framework/utils"
import type { ApplicationStatusValue } from "../../lib/financing/schemas"

/**
 * What a financing payment session holds. The store API returns session data to the browser, so this is
 * only what a storefront needs (where to send the shopper, and how far they got) and nothing secret.
 */
export interface FinancingSessionData {
  /**
   * The ledger's id of the application (its reference number and callback key). Absent from sessions
   * started before the ledger knew applications from their creation.
   */
  applicationId?: string
  publicId: string
  /**
   * The store code the application was made for: its status is read with that store's token. Absent from
   * sessions started before store codes were kept (made with the top-level one).
   */
  storeCode?: string
  /** The service's page where the shopper applies and signs. */
  link: string
  applicationStatus: ApplicationStatusValue
  cartId: string
  /** The cart total the application was made for. */
  amountCents: number
  /** Creation day (UTC, YYYY-MM-DD): reconciliation lists applications by it. */
  createdDate: string
  /**
   * What the signed contract leaves the shopper to pay the store (spec 2.4 `totalInStorePayment`), in cents,
   * as the provider read it when authorizing: set on the payment by the provider only, so the cart's answer
   * can say it even when the order was placed before the signed callback brought it to the ledger.
   */
  inStorePaymentCents?: number
}

export function sessionDataOf(data: Record<string, unknown> | undefined): FinancingSessionData {
  const publicId = data?.publicId
  if (typeof publicId !== "string" || publicId.length === 0) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Retail financing payment data has no application publicId."
    )
  }
  return {
    ...(typeof data?.applicationId === "string" &&
      data.applicationId && { applicationId: data.applicationId }),
    publicId,
    ...(typeof data?.storeCode === "string" && data.storeCode && { storeCode: data.storeCode }),
    link: typeof data?.link === "string" ? data.link : "",
    applicationStatus: (data?.applicationStatus as ApplicationStatusValue | undefined) ?? "Pending",
    cartId: typeof data?.cartId === "string" ? data.cartId : "",
    amountCents: Number(data?.amountCents ?? 0),
    createdDate: typeof data?.createdDate === "string" ? data.createdDate : "",
    ...(Number.isSafeInteger(data?.inStorePaymentCents) && {
      inStorePaymentCents: data!.inStorePaymentCents as number,
    }),
  }
}
