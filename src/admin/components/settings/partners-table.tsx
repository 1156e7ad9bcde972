import { Heading, Table, Text } from "@medusajs/ui"
import type { StorePartner } from "../../../domain/admin-api/types"
import { orDash } from "../../lib/format"
import { ListError } from "./list-error"

type PartnersTableProps = {
  partners: StorePartner[] | null
  error: string | null
  /** Given when the store has several store codes: the service lists each one's partners apart. */
  storeCode?: string
}

export const PartnersTable = ({ partners, error, storeCode }: PartnersTableProps) => (
  <div data-testid="rf-partners">
    <div className="px-6 py-4">
      <Heading level={storeCode ? "h3" : "h2"}>Financing partners</Heading>
      <Text size="small" className="text-ui-fg-subtle">
        {storeCode
          ? `The partners the financing service offers shoppers buying under ${storeCode}.`
          : "The partners the financing service offers this store's shoppers."}
      </Text>
    </div>
    {error && <ListError what="the financing partners" message={error} />}
    {partners && partners.length === 0 && (
      <EmptyLine text="The service lists no active partners for this store." />
    )}
    {partners && partners.length > 0 && (
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Name</Table.HeaderCell>
            <Table.HeaderCell>Code</Table.HeaderCell>
            <Table.HeaderCell>City / state</Table.HeaderCell>
            <Table.HeaderCell>Phone</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {partners.map((partner) => (
            <Table.Row key={partner.code}>
              <Table.Cell>{partner.display_name || partner.name}</Table.Cell>
              <Table.Cell className="font-mono">{partner.code}</Table.Cell>
              <Table.Cell>{orDash([partner.city, partner.state].filter(Boolean).join(", "))}</Table.Cell>
              <Table.Cell>{orDash(partner.phone)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    )}
  </div>
)

const EmptyLine = ({ text }: { text: string }) => (
  <Text size="small" className="text-ui-fg-subtle px-6 pb-4">
    {text}
  </Text>
)
