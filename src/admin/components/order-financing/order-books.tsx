import { Heading, Text } from "@medusajs/ui"

import type { OrderBooks as Books } from "../../../domain/admin-api/types"
import { formatMoney } from "../../lib/format"
import { DetailRow } from "../shared/detail-row"

type OrderBooksProps = { books: Books }

/** A sentence under the figures: why two of them differ, or what is settling by itself. */
const Note = ({ text, testId }: { text: string; testId: string }) => (
  <Text size="small" leading="compact" className="text-ui-fg-subtle px-6 py-1" data-testid={testId}>
    {text}
  </Text>
)

/**
 * The money account (domain/post-sale/order-books.ts): Medusa's figures beside the contract's, what each
 * party still owes, and why the figures differ. What the merchant must do is in the status card above.
 */
export const OrderBooks = ({ books }: OrderBooksProps) => {
  const inStore = books.in_store_payment ?? 0
  return (
    <div className="py-2" data-testid="retail-financing-books">
      <div className="px-6 py-2">
        <Heading level="h3">Money</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          The order in Medusa's books beside the contract at the lender, and who owes what.
        </Text>
      </div>
      <DetailRow label="Order total">{formatMoney(books.order_total)}</DetailRow>
      <DetailRow label="Captured in Medusa">{formatMoney(books.captured)}</DetailRow>
      <DetailRow label="Refunded in Medusa">{formatMoney(books.refunded)}</DetailRow>
      <DetailRow
        label="Contract now"
        hint="The invoice amount the lender holds today, after settled returns."
      >
        {formatMoney(books.contract_now)}
      </DetailRow>
      {inStore > 0 && (
        <DetailRow
          label="In-store payment"
          hint="The part of the contract the customer pays the store directly; the lender does not pay it."
          testId="rf-books-in-store"
        >
          {books.owed.shopper_to_store > 0
            ? `${formatMoney(books.owed.shopper_to_store)} due from the customer`
            : books.in_store_received
              ? `${formatMoney(inStore)} received`
              : formatMoney(0)}
        </DetailRow>
      )}
      <DetailRow
        label="Lender's share"
        hint="The contract now less the in-store payment: what the lender pays."
      >
        {formatMoney(books.lender_share)}
      </DetailRow>
      <DetailRow label="Lender paid" testId="rf-lender-paid">
        {formatMoney(books.lender_paid)}
      </DetailRow>
      {books.owed.lender_to_store > 0 && (
        <DetailRow label="Lender still owes" testId="rf-books-lender-owes">
          {formatMoney(books.owed.lender_to_store)}
        </DetailRow>
      )}
      {books.owed.store_to_lender > 0 && (
        <DetailRow
          label="Lender takes back"
          hint="What it paid beyond its share after the store's returns: it recovers it from the store."
          testId="rf-books-lender-takes-back"
        >
          {formatMoney(books.owed.store_to_lender)}
        </DetailRow>
      )}
      {books.in_flight.map((item) => (
        <Note key={`flight-${item.reason}`} text={item.description} testId="rf-books-in-flight" />
      ))}
      {books.differences.map((difference) => (
        <Note key={difference.reason} text={difference.description} testId="rf-books-difference" />
      ))}
    </div>
  )
}
