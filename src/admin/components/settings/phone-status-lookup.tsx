import { Button, Heading, Input, Label, StatusBadge, Text } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { errorMessage, getJson, routes, type PhoneStatusResponse } from "../../lib/api"
import { applicationStatusColor, applicationStatusLabel, formatMoney, orDash } from "../../lib/format"
import { DetailRow } from "../shared/detail-row"

type Lookup =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "found"; application: PhoneStatusResponse["application"] }
  | { state: "failed"; message: string }

export const PhoneStatusLookup = () => {
  const [phone, setPhone] = useState("")
  const [lookup, setLookup] = useState<Lookup>({ state: "idle" })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const trimmed = phone.trim()
    if (!trimmed) {
      setLookup({ state: "failed", message: "Enter the shopper's phone number." })
      return
    }
    setLookup({ state: "loading" })
    try {
      const { application } = await getJson<PhoneStatusResponse>(routes.phoneStatus(trimmed))
      setLookup({ state: "found", application })
    } catch (error) {
      setLookup({ state: "failed", message: errorMessage(error) })
    }
  }

  return (
    <div data-testid="rf-phone-status">
      <div className="px-6 py-4">
        <Heading level="h2">Status by phone</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          For looking up an application only; never used to confirm an order.
        </Text>
      </div>
      <form className="flex items-end gap-x-2 px-6 pb-4" onSubmit={(event) => void submit(event)}>
        <div className="flex flex-col gap-y-2">
          <Label htmlFor="rf-phone">Shopper&apos;s phone</Label>
          <Input
            id="rf-phone"
            data-testid="rf-phone-input"
            type="tel"
            placeholder="555-123-4567"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </div>
        <Button
          size="small"
          variant="secondary"
          type="submit"
          isLoading={lookup.state === "loading"}
          data-testid="rf-phone-lookup"
        >
          Look up
        </Button>
      </form>
      {lookup.state === "failed" && (
        <Text size="small" className="text-ui-fg-error px-6 pb-4" data-testid="rf-phone-error">
          {lookup.message}
        </Text>
      )}
      {lookup.state === "found" && (
        <div className="pb-2" data-testid="rf-phone-result">
          <DetailRow label="Application">
            <span className="font-mono">{lookup.application.public_id}</span>
          </DetailRow>
          <DetailRow label="Status">
            <StatusBadge color={applicationStatusColor(lookup.application.status, lookup.application.stage)}>
              {applicationStatusLabel(lookup.application.status, lookup.application.stage)}
            </StatusBadge>
          </DetailRow>
          <DetailRow label="Financing partner">{orDash(lookup.application.partner_display_name)}</DetailRow>
          <DetailRow label="Approval amount">{formatMoney(lookup.application.approval_amount)}</DetailRow>
          <DetailRow label="Invoice amount">{formatMoney(lookup.application.invoice_amount)}</DetailRow>
        </div>
      )}
    </div>
  )
}
