import { Alert, Badge, Heading, Table, Text } from "@medusajs/ui"

type CarriersSectionProps = { carriers: string[]; carrierMap: Record<string, string> }

export const CarriersSection = ({ carriers, carrierMap }: CarriersSectionProps) => {
  const mapped = Object.entries(carrierMap)

  return (
    <div data-testid="rf-carriers">
      <div className="px-6 py-4">
        <Heading level="h2">Carriers</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          The carrier codes the financing service accepts with delivery information, and the carrier sent for
          a fulfillment provider, shipping option or carrier name used in your store.
        </Text>
      </div>
      {carriers.length === 0 ? (
        <div className="px-6 pb-4">
          <Alert variant="warning" data-testid="rf-carriers-empty">
            No carrier list configured: delivery information is sent without a carrier
          </Alert>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2 px-6 pb-4">
          {carriers.map((carrier) => (
            <Badge key={carrier} size="2xsmall">
              {carrier}
            </Badge>
          ))}
        </div>
      )}
      {mapped.length > 0 && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Name in your store</Table.HeaderCell>
              <Table.HeaderCell>Sent as carrier</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {mapped.map(([from, to]) => (
              <Table.Row key={from}>
                <Table.Cell className="font-mono">{from}</Table.Cell>
                <Table.Cell>{to}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </div>
  )
}
