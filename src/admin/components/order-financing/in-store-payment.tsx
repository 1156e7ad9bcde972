import { Button, Text, toast, usePrompt } from "@medusajs/ui"

import type { InStorePayment } from "../../../domain/admin-api/types"
import { adminErrorMessage } from "../../hooks/error-message"
import { useMarkInStorePaymentReceived } from "../../hooks/order-financing"
import { formatDateTime, formatMoney } from "../../lib/format"

type InStorePaymentStatusProps = { orderId: string; payment: InStorePayment }

/**
 * The in-store payment and whether the store has it: Medusa captures the whole contract, so only the
 * merchant's mark says the customer paid this part to the store. The mark is recorded once, with who made it.
 */
export const InStorePaymentStatus = ({ orderId, payment }: InStorePaymentStatusProps) => {
  const prompt = usePrompt()
  const mark = useMarkInStorePaymentReceived(orderId)
  const amount = formatMoney(payment.amount)

  if (payment.received_at) {
    return (
      <Text size="small" leading="compact" data-testid="rf-in-store-received">
        {amount} — received {formatDateTime(payment.received_at)}
      </Text>
    )
  }

  const onMark = async () => {
    const confirmed = await prompt({
      title: "Mark the in-store payment as received?",
      description: `Do this once the customer has paid the store ${amount}. It is recorded with your admin account and cannot be undone here.`,
      confirmText: "Mark as received",
      cancelText: "Cancel",
    })
    if (!confirmed) return
    mark.mutate(undefined, {
      onSuccess: ({ already_recorded }) =>
        already_recorded
          ? toast.info("The in-store payment was already marked as received.")
          : toast.success("In-store payment marked as received."),
      onError: (error) => toast.error(adminErrorMessage(error)),
    })
  }

  return (
    <div className="flex flex-col items-start gap-y-2" data-testid="rf-in-store-due">
      <Text size="small" leading="compact">
        {amount} — due from the customer
      </Text>
      <Button size="small" variant="secondary" isLoading={mark.isPending} onClick={onMark}>
        Mark as received
      </Button>
    </div>
  )
}
