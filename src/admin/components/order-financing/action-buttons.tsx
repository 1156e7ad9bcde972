import { ArrowUpTray, TruckFast } from "@medusajs/icons"
import { Button } from "@medusajs/ui"
import { useRef, type ChangeEvent } from "react"
import { postFile, postJson, routes, type ActionResponse } from "../../lib/api"
import { useActionRequest } from "../../lib/use-action-request"
import { INVOICE_FILE_ACCEPT } from "../../../lib/financing/schemas/invoice-file"
import { ReturnRequestDrawer } from "./return-request-drawer"

type ActionButtonsProps = { orderId: string; onChanged: () => void }

export const ActionButtons = ({ orderId, onChanged }: ActionButtonsProps) => {
  const fileInput = useRef<HTMLInputElement>(null)
  const invoice = useActionRequest(onChanged)
  const delivery = useActionRequest(onChanged)

  const onInvoiceChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) {
      return
    }
    void invoice
      .run(() => postFile<ActionResponse>(routes.invoice(orderId), "file", file))
      // Cleared so choosing the same file again, after fixing it or to retry, still fires a change.
      .finally(() => {
        input.value = ""
      })
  }

  return (
    <div className="flex flex-wrap items-center gap-2 px-6 py-4">
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
  )
}
