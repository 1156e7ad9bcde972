import { StatusBadge, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"

import type { PhoneStatusResponse } from "../../../domain/admin-api/types"
import { formatMoney, orDash } from "../../lib/format"
import { applicationStatusColor, applicationStatusLabel } from "../../lib/status-words"

type PhoneResultProps = {
  phone: string
  result: PhoneStatusResponse | undefined
  error: string | null
  isLoading: boolean
}

/**
 * The service's answer for a phone number (endpoint 5), linked to the store's order when the store's ledger
 * has the application. Spec rule 1: for a person looking an application up; never used to confirm an order.
 */
export const PhoneResult = ({ phone, result, error, isLoading }: PhoneResultProps) => (
  <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="rf-phone-result">
    <Text size="small" leading="compact" weight="plus">
      The financing service&apos;s own look-up of {phone} (its newest application for this phone)
    </Text>
    {isLoading && (
      <Text size="small" className="text-ui-fg-subtle">
        Asking the financing service…
      </Text>
    )}
    {error && (
      <Text size="small" className="text-ui-fg-error" data-testid="rf-phone-error">
        {error}
      </Text>
    )}
    {result && (
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <span className="txt-compact-small font-mono" data-testid="rf-phone-public-id">
          {result.application.public_id}
        </span>
        <StatusBadge color={applicationStatusColor(result.application.status, result.application.stage)}>
          {applicationStatusLabel(result.application.status, result.application.stage)}
        </StatusBadge>
        <Text size="small" className="text-ui-fg-subtle">
          {orDash(result.application.partner_display_name)} · Approved{" "}
          {formatMoney(result.application.approval_amount)} · Invoice{" "}
          {formatMoney(result.application.invoice_amount)}
        </Text>
        <PhoneResultOrder ledger={result.ledger} />
      </div>
    )}
    <Text size="xsmall" className="text-ui-fg-muted">
      The list below has every application of this store whose cart or order has this phone. For looking an
      application up only: an order is never confirmed by phone.
    </Text>
  </div>
)

const PhoneResultOrder = ({ ledger }: { ledger: PhoneStatusResponse["ledger"] }) => {
  if (!ledger) {
    return (
      <Text size="small" className="text-ui-fg-subtle" data-testid="rf-phone-order">
        Not made through this store&apos;s checkout
      </Text>
    )
  }
  if (!ledger.order) {
    return (
      <Text size="small" className="text-ui-fg-subtle" data-testid="rf-phone-order">
        No order in this store yet
      </Text>
    )
  }
  return (
    <Link
      to={`/orders/${ledger.order.id}`}
      className="txt-compact-small-plus text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
      data-testid="rf-phone-order"
    >
      Open order {ledger.order.display_id === null ? "" : `#${ledger.order.display_id}`}
    </Link>
  )
}
