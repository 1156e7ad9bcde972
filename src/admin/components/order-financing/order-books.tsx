import { Heading, Text } from "@medusajs/ui"

import type { OrderBooks as Books } from "../../../domain/admin-api/types"
import { formatMoney } from "../../lib/format"
import { DetailRow } from "../shared/detail-row"

type OrderBooksProps = { books: Books }

/** What the lender paid beside Medusa's captured and refunded amounts, and why they differ from the order total. */
export const OrderBooks = ({ books }: OrderBooksProps) => (
  <div className="py-2" data-testid="retail-financing-books">
    <div className="px-6 py-2">
      <Heading level="h3">Money</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        The order in Medusa's books beside the contract at the lender.
      </Text>
    </div>
    <DetailRow label="Order total">{formatMoney(books.order_total)}</DetailRow>
    <DetailRow label="Contract now" hint="The invoice amount the lender holds today, after settled returns.">
      {formatMoney(books.contract_now)}
    </DetailRow>
    <DetailRow label="Lender paid" testId="rf-lender-paid">
      {formatMoney(books.lender_paid)}
    </DetailRow>
    <DetailRow label="Captured in Medusa">{formatMoney(books.captured)}</DetailRow>
    <DetailRow label="Refunded in Medusa">{formatMoney(books.refunded)}</DetailRow>
    {books.differences.map((difference) => (
      <Text
        key={difference.reason}
        size="small"
        leading="compact"
        className="text-ui-fg-subtle px-6 py-1"
        data-testid="rf-books-difference"
      >
        {difference.description}
      </Text>
    ))}
  </div>
)
