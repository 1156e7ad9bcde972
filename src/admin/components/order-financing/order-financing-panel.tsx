import { Container, Heading } from "@medusajs/ui"
import type { FinancingApplication, OrderBooks as Books, PostSaleAction } from "../../lib/api"
import { ActionButtons } from "./action-buttons"
import { ActionsList } from "./actions-list"
import { FinancingSummary } from "./financing-summary"
import { FundingDetails } from "./funding-details"
import { OrderBooks } from "./order-books"
import { StatusHistory } from "./status-history"

type OrderFinancingPanelProps = {
  orderId: string
  application: FinancingApplication
  actions: PostSaleAction[]
  /** Absent from an older server's answer: the section is then left out. */
  books?: Books
  onChanged: () => void
}

export const OrderFinancingPanel = ({
  orderId,
  application,
  actions,
  books,
  onChanged,
}: OrderFinancingPanelProps) => (
  <Container className="divide-y p-0" data-testid="retail-financing-widget">
    <div className="px-6 py-4">
      <Heading level="h2">Retail financing</Heading>
    </div>
    <div className="py-2">
      <FinancingSummary application={application} />
      <StatusHistory history={application.status_history} />
    </div>
    <FundingDetails funding={application.funding} />
    {books && <OrderBooks books={books} />}
    <ActionsList actions={actions} onChanged={onChanged} />
    <ActionButtons orderId={orderId} actions={actions} onChanged={onChanged} />
  </Container>
)
