import { Button, Drawer, Hint, Input, Label, RadioGroup, Select, Text, Textarea } from "@medusajs/ui"
import { useState } from "react"

import type { ReturnType } from "../../../domain/admin-api/types"
import { useRequestReturn, useReturnReasons } from "../../hooks/order-financing"
import { formatMoney } from "../../lib/format"
import {
  buildReturnRequest,
  emptyReturnForm,
  REASON_MAX_LENGTH,
  RETURN_TYPES,
  type ReturnForm,
} from "../../lib/return-request"
import { requestErrorMessage, toastActionOutcome } from "./action-toast"

// Radix Select has no empty value, so "no reason" needs a value of its own.
const NO_REASON = "__none__"

type ReturnRequestDrawerProps = {
  orderId: string
  /** The most the contract can still give back (dollars): shown under the amount and checked before sending. */
  maxAmount: number | null
}

type FormError = { field: "amount" | "note" | null; message: string }

export const ReturnRequestDrawer = ({ orderId, maxAmount }: ReturnRequestDrawerProps) => {
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState<ReturnForm>(emptyReturnForm)
  const [formError, setFormError] = useState<FormError | null>(null)
  const request = useRequestReturn(orderId)
  // Reasons are only needed once the merchant opens the form.
  const reasons = useReturnReasons(open)

  const update = (patch: Partial<ReturnForm>) => {
    setForm((current) => ({ ...current, ...patch }))
    setFormError(null)
  }

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setForm(emptyReturnForm)
      setFormError(null)
    }
  }

  const submit = () => {
    const built = buildReturnRequest(form, maxAmount)
    if (!built.ok) {
      setFormError({ field: built.field, message: built.message })
      return
    }
    // A refused request keeps the form open with the service's answer in it, so the merchant can correct it;
    // a recorded one is in the list.
    request.mutate(built.body, {
      onSuccess: ({ action }) => {
        toastActionOutcome(action)
        onOpenChange(false)
      },
      // Shown in the form, beside what to correct, not as a toast over the drawer's title.
      onError: (error) => {
        const message = requestErrorMessage(error)
        const sentence = message.charAt(0).toUpperCase() + message.slice(1)
        const onAmount = built.body.amount !== undefined && /^amount/i.test(message)
        setFormError({ field: onAmount ? "amount" : null, message: sentence })
      },
    })
  }

  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary" data-testid="rf-request-return">
          Request return
        </Button>
      </Drawer.Trigger>
      <Drawer.Content data-testid="rf-return-form">
        <form
          className="flex flex-1 flex-col overflow-hidden"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <Drawer.Header>
            <Drawer.Title>Request a return from the lender</Drawer.Title>
            <Drawer.Description>
              Tells the lender that the financing of this order changes. It does not refund anyone in Medusa:
              the lender takes the amount off the shopper's contract.
            </Drawer.Description>
          </Drawer.Header>
          <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
            <fieldset className="flex flex-col gap-y-2">
              <legend className="txt-compact-small-plus text-ui-fg-base">Type</legend>
              <RadioGroup
                value={form.returnType}
                onValueChange={(value) => update({ returnType: value as ReturnType })}
                className="flex flex-col gap-y-2"
                data-testid="rf-return-type"
              >
                {RETURN_TYPES.map((type) => (
                  <RadioGroup.ChoiceBox
                    key={type.value}
                    value={type.value}
                    label={type.label}
                    description={type.description}
                    data-testid={`rf-return-type-${type.value}`}
                  />
                ))}
              </RadioGroup>
            </fieldset>

            {form.returnType === "partial" && (
              <div className="flex flex-col gap-y-2">
                <Label htmlFor="rf-return-amount">Amount to return (USD)</Label>
                <Input
                  id="rf-return-amount"
                  data-testid="rf-return-amount"
                  inputMode="decimal"
                  placeholder="0.00"
                  value={form.amount}
                  aria-invalid={formError?.field === "amount"}
                  aria-describedby="rf-return-amount-hint"
                  onChange={(event) => update({ amount: event.target.value })}
                />
                {maxAmount !== null && (
                  <Hint id="rf-return-amount-hint" data-testid="rf-return-amount-max">
                    At most {formatMoney(maxAmount)}: the part of the contract not yet returned.
                  </Hint>
                )}
                {formError?.field === "amount" && (
                  <Hint variant="error" data-testid="rf-return-amount-error">
                    {formError.message}
                  </Hint>
                )}
              </div>
            )}

            <div className="flex flex-col gap-y-2">
              <Label htmlFor="rf-return-reason">Reason</Label>
              <Select
                value={form.reasonId ?? NO_REASON}
                onValueChange={(value) => update({ reasonId: value === NO_REASON ? null : value })}
                disabled={reasons.isLoading}
              >
                <Select.Trigger id="rf-return-reason" data-testid="rf-return-reason">
                  <Select.Value placeholder={reasons.isLoading ? "Loading reasons…" : "No reason"} />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value={NO_REASON}>No reason</Select.Item>
                  {(reasons.data?.return_reasons ?? []).map((reason) => (
                    <Select.Item key={reason.public_id} value={reason.public_id}>
                      {reason.description}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
              <Text size="xsmall" className="text-ui-fg-muted">
                The lender's own list of reasons.
              </Text>
              {reasons.error && (
                <Text size="small" className="text-ui-fg-error">
                  Could not load the return reasons: {requestErrorMessage(reasons.error)}
                </Text>
              )}
            </div>

            <div className="flex flex-col gap-y-2">
              <Label htmlFor="rf-return-note">Note to the lender (optional)</Label>
              <Textarea
                id="rf-return-note"
                data-testid="rf-return-note"
                maxLength={REASON_MAX_LENGTH}
                aria-invalid={formError?.field === "note"}
                value={form.note}
                onChange={(event) => update({ note: event.target.value })}
              />
            </div>

            {formError && formError.field !== "amount" && (
              <Text size="small" className="text-ui-fg-error" data-testid="rf-return-error">
                {formError.message}
              </Text>
            )}
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button size="small" variant="secondary" type="button" disabled={request.isPending}>
                Cancel
              </Button>
            </Drawer.Close>
            <Button size="small" type="submit" isLoading={request.isPending} data-testid="rf-return-submit">
              Send return request
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
