import { ArrowUpTray, TruckFast } from "@medusajs/icons"
import { Button, Checkbox, Hint, Label } from "@medusajs/ui"
import { useId, useRef, useState, type ChangeEvent } from "react"

import type { PostSaleAction } from "../../../domain/admin-api/types"
import { INVOICE_FILE_ACCEPT } from "../../../lib/financing/schemas/invoice-file"
import { useSendDelivery, useUploadInvoice } from "../../hooks/order-financing"
import { generatedInvoiceReachedService } from "../../lib/invoice-upload"
import { ReturnRequestDrawer } from "./return-request-drawer"
import { toastActionOutcome, toastRequestError } from "./action-toast"

type ActionButtonsProps = {
  orderId: string
  actions: PostSaleAction[]
  /** The delivery information is a fulfillment's address and tracking: nothing to send before one exists. */
  canSendDelivery: boolean
  /** The most a return can still ask back (dollars). */
  returnableAmount: number | null
}

export const ActionButtons = ({
  orderId,
  actions,
  canSendDelivery,
  returnableAmount,
}: ActionButtonsProps) => {
  const fileInput = useRef<HTMLInputElement>(null)
  const invoice = useUploadInvoice(orderId)
  const delivery = useSendDelivery(orderId)
  // Unchecked by default: the merchant's invoice replaces the generated one, so the lender gets one invoice.
  const [keepGenerated, setKeepGenerated] = useState(false)
  const keepGeneratedId = useId()
  // Once the generated invoice is at the service, an upload is a second invoice: there is nothing to choose.
  const generatedSent = generatedInvoiceReachedService(orderId, actions)
  const answered = {
    onSuccess: ({ action }: { action: PostSaleAction }) => toastActionOutcome(action),
    onError: toastRequestError,
  }

  const onInvoiceChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) {
      return
    }
    invoice.mutate(
      { file, keepGenerated },
      {
        ...answered,
        // Cleared so choosing the same file again, after fixing it or to retry, still fires a change.
        onSettled: () => {
          input.value = ""
        },
      }
    )
  }

  return (
    <div className="flex flex-col gap-y-3 px-6 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={INVOICE_FILE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Invoice file"
          data-testid="rf-upload-invoice"
          onChange={onInvoiceChosen}
        />
        <Button
          size="small"
          variant="secondary"
          isLoading={invoice.isPending}
          onClick={() => fileInput.current?.click()}
        >
          <ArrowUpTray />
          Upload invoice
        </Button>
        <Button
          size="small"
          variant="secondary"
          isLoading={delivery.isPending}
          disabled={!canSendDelivery}
          data-testid="rf-send-delivery"
          onClick={() => delivery.mutate(undefined, answered)}
        >
          <TruckFast />
          Send delivery information
        </Button>
        <ReturnRequestDrawer orderId={orderId} maxAmount={returnableAmount} />
      </div>
      {!canSendDelivery && (
        <Hint data-testid="rf-send-delivery-hint">
          Send delivery information is available once the order has a fulfillment: it sends the fulfillment's
          address and tracking. It also goes by itself when a fulfillment is marked shipped or delivered.
        </Hint>
      )}
      {generatedSent ? (
        <Hint>
          The generated invoice was already sent to the lender: an uploaded invoice goes as a second invoice.
        </Hint>
      ) : (
        <div className="flex items-start gap-x-2">
          <Checkbox
            id={keepGeneratedId}
            checked={keepGenerated}
            onCheckedChange={(checked) => setKeepGenerated(checked === true)}
            data-testid="rf-keep-generated"
          />
          <div className="flex flex-col gap-y-1">
            <Label htmlFor={keepGeneratedId} size="small">
              Also send the generated invoice
            </Label>
            <Hint>The uploaded invoice replaces the generated one unless this is checked.</Hint>
          </div>
        </div>
      )}
    </div>
  )
}
