import { Heading, Table, Text } from "@medusajs/ui"
import type { ReturnReason } from "../../../domain/admin-api/types"
import { ListError } from "./list-error"

type ReturnReasonsTableProps = { reasons: ReturnReason[] | null; error: string | null }

export const ReturnReasonsTable = ({ reasons, error }: ReturnReasonsTableProps) => (
  <div data-testid="rf-return-reasons">
    <div className="px-6 py-4">
      <Heading level="h2">Return reasons</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        Offered when you request a return on a financed order.
      </Text>
    </div>
    {error && <ListError what="the return reasons" message={error} />}
    {reasons && reasons.length === 0 && (
      <Text size="small" className="text-ui-fg-subtle px-6 pb-4">
        The service lists no return reasons.
      </Text>
    )}
    {reasons && reasons.length > 0 && (
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Reason</Table.HeaderCell>
            <Table.HeaderCell>ID</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {reasons.map((reason) => (
            <Table.Row key={reason.public_id}>
              <Table.Cell>{reason.description}</Table.Cell>
              <Table.Cell className="font-mono">{reason.public_id}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    )}
  </div>
)
