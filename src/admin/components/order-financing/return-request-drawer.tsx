import { Button, Drawer, Input, Label, Select, Text, Textarea } from "@medusajs/ui"
import { useState } from "react"
import {
  postJson,
  routes,
  type ActionResponse,
  type ReturnReasonsResponse,
  type ReturnType,
} from "../../lib/api"
import {
  buildReturnRequest,
  emptyReturnForm,
  REASON_MAX_LENGTH,
  RETURN_TYPES,
  type ReturnForm,
} from "../../lib/return-request"
import { useActionRequest } from "../../lib/use-action-request"
import { useAdminJson } from "../../lib/use-admin-json"

// Radix Select has no empty value, so "no reason" needs a value of its own.
const NO_REASON = "__none__"

type ReturnRequestDrawerProps = { orderId: string; onChanged: () => void }

export const ReturnRequestDrawer = ({ orderId, onChanged }: ReturnRequestDrawerProps) => {
  const [open, setOpen] = useState(false)
  const [form, setForm] = useState<ReturnForm>(emptyReturnForm)
  const [formError, setFormError] = useState<string | null>(null)
  const { run, isRunning } = useActionRequest(onChanged)
  // Reasons are only needed once the merchant opens the form.
  const reasons = useAdminJson<ReturnReasonsResponse>(open ? routes.returnReasons() : null)

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

  const submit = async () => {
    const built = buildReturnRequest(form)
    if (!built.ok) {
      setFormError(built.message)
      return
    }
    const action = await run(() => postJson<ActionResponse>(routes.returns(orderId), built.body))
    // A refused request keeps the form open so the merchant can correct it; a recorded one is in the list.
    if (action) {
      onOpenChange(false)
    }
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
            void submit()
          }}
        >
          <Drawer.Header>
            <Drawer.Title>Request a return</Drawer.Title>
            <Drawer.Description>
              Asks the financing partner to return or change the financing of this order.
            </Drawer.Description>
          </Drawer.Header>
          <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
            <div className="flex flex-col gap-y-2">
              <Label htmlFor="rf-return-type">Type</Label>
              <Select
                value={form.returnType}
                onValueChange={(value) => update({ returnType: value as ReturnType })}
              >
                <Select.Trigger id="rf-return-type" data-testid="rf-return-type">
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  {RETURN_TYPES.map((type) => (
                    <Select.Item key={type.value} value={type.value}>
                      {type.label}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>

            {form.returnType === "partial" && (
              <div className="flex flex-col gap-y-2">
                <Label htmlFor="rf-return-amount">Amount to return (USD)</Label>
                <Input
                  id="rf-return-amount"
                  data-testid="rf-return-amount"
                  inputMode="decimal"
                  placeholder="0.00"
                  value={form.amount}
                  onChange={(event) => update({ amount: event.target.value })}
                />
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
              {reasons.error && (
                <Text size="small" className="text-ui-fg-error">
                  Could not load the return reasons: {reasons.error.message}
                </Text>
              )}
            </div>

            <div className="flex flex-col gap-y-2">
              <Label htmlFor="rf-return-note">Note (optional)</Label>
              <Textarea
                id="rf-return-note"
                data-testid="rf-return-note"
                maxLength={REASON_MAX_LENGTH}
                value={form.note}
                onChange={(event) => update({ note: event.target.value })}
              />
            </div>

            {formError && (
              <Text size="small" className="text-ui-fg-error" data-testid="rf-return-error">
                {formError}
              </Text>
            )}
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button size="small" variant="secondary" type="button" disabled={isRunning}>
                Cancel
              </Button>
            </Drawer.Close>
            <Button size="small" type="submit" isLoading={isRunning} data-testid="rf-return-submit">
              Send return request
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
