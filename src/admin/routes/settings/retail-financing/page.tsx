import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Text } from "@medusajs/ui"
import { useState } from "react"
import { ExceptionsSection } from "../../../components/settings/exceptions-section"
import { CarriersSection } from "../../../components/settings/carriers-section"
import { ConnectionSection } from "../../../components/settings/connection-section"
import { PartnersTable } from "../../../components/settings/partners-table"
import { PhoneStatusLookup } from "../../../components/settings/phone-status-lookup"
import { ReturnReasonsTable } from "../../../components/settings/return-reasons-table"
import { routes, type SettingsResponse } from "../../../lib/api"
import { useAdminJson } from "../../../lib/use-admin-json"

/**
 * Settings > Retail financing: signed contracts without an order, the connection and its test, partners,
 * return reasons, carriers and a phone look-up.
 */
const RetailFinancingSettingsPage = () => {
  // The plain path may answer from the server's cache; ?refresh=1 makes it call the service again.
  const [path, setPath] = useState(routes.settings())
  const { data, error, isFetching, refresh } = useAdminJson<SettingsResponse>(path)

  const testConnection = () => {
    if (path === routes.settings(true)) {
      refresh()
    } else {
      setPath(routes.settings(true))
    }
  }

  return (
    <div className="flex flex-col gap-y-3" data-testid="rf-settings">
      <Container className="px-6 py-4">
        <Heading level="h1">Retail financing</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          How this store is connected to the financing service, and what the service offers it.
        </Text>
      </Container>
      <Container className="p-0">
        <ExceptionsSection />
      </Container>
      {!data && !error && (
        <Container className="px-6 py-4">
          <Text size="small" className="text-ui-fg-subtle">
            Loading…
          </Text>
        </Container>
      )}
      {error && (
        <Container className="px-6 py-4">
          <Text size="small" className="text-ui-fg-error" data-testid="rf-settings-error">
            Could not load the retail financing settings: {error.message}
          </Text>
        </Container>
      )}
      {data && (
        <>
          <Container className="p-0">
            <ConnectionSection settings={data} onTest={testConnection} isTesting={isFetching} />
          </Container>
          <Container className="p-0">
            <PartnersTable partners={data.partners} error={data.partners_error} />
          </Container>
          <Container className="p-0">
            <ReturnReasonsTable reasons={data.return_reasons} error={data.return_reasons_error} />
          </Container>
          <Container className="p-0">
            <CarriersSection carriers={data.carriers} carrierMap={data.carrier_map} />
          </Container>
        </>
      )}
      <Container className="p-0">
        <PhoneStatusLookup />
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({ label: "Retail financing" })

export default RetailFinancingSettingsPage
