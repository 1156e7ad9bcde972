import { ArrowUpTray, TruckFast } from "@medusajs/icons"
import { Button, Checkbox, Hint, Label } from "@medusajs/ui"
import { useId, useRef, useState, type ChangeEvent } from "react"
import { postForm, postJson, routes, type ActionResponse, type PostSaleAction } from "../../lib/api"
import { generatedInvoiceReachedService, invoiceUploadForm } from "../../lib/invoice-upload"
import { useActionRequest } from "../../lib/use-action-request"
import { INVOICE_FILE_ACCEPT } from "../../../lib/financing/schemas/invoice-file"
import { ReturnRequestDrawer } from "./return-request-drawer"

type ActionButtonsProps = { orderId: string; actions: PostSaleAction[]; onChanged: () => void }

export const ActionButtons = ({ orderId, actions, onChanged }: ActionButtonsProps) => {
  const fileInput = useRef<HTMLInputElement>(null)
  const invoice = useActionRequest(onChanged)
  const delivery = useActionRequest(onChanged)
  // Unchecked by default: the merchant's invoice replaces the generated one, so the lender gets one invoice.
  const [keepGenerated, setKeepGenerated] = useState(false)
  const keepGeneratedId = useId()
  // Once the generated invoice is at the service, an upload is a second invoice: there is nothing to choose.
  const generatedSent = generatedInvoiceReachedService(orderId, actions)

  const onInvoiceChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) {
      return
    }
    void invoice
      .run(() => postForm<ActionResponse>(routes.invoice(orderId), invoiceUploadForm(file, keepGenerated)))
      // Cleared so choosing the same file again, after fixing it or to retry, still fires a change.
      .finally(() => {
        input.value = ""
      })
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
          isLoading={invoice.isRunning}
          onClick={() => fileInput.current?.click()}
        >
          <ArrowUpTray />
          Upload invoice
        </Button>
        <Button
          size="small"
          variant="secondary"
          isLoading={delivery.isRunning}
          data-testid="rf-send-delivery"
          onClick={() => void delivery.run(() => postJson<ActionResponse>(routes.delivery(orderId), {}))}
        >
          <TruckFast />
          Send delivery information
        </Button>
        <ReturnRequestDrawer orderId={orderId} onChanged={onChanged} />
      </div>
      {generatedSent ? (
        <Hint>
          The generated invoice was already sent to the financing service: an uploaded invoice goes as a
          second invoice.
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
