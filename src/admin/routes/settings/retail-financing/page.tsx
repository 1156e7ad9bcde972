import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Container, Heading, Text } from "@medusajs/ui"

import { AttentionCallout } from "../../../components/settings/attention-callout"
import { CarriersSection } from "../../../components/settings/carriers-section"
import { ConnectionSection } from "../../../components/settings/connection-section"
import { PartnersTable } from "../../../components/settings/partners-table"
import { ReturnReasonsTable } from "../../../components/settings/return-reasons-table"
import { StoreLocations } from "../../../components/settings/store-locations"
import { adminErrorMessage } from "../../../hooks/error-message"
import { useFinancingSettings } from "../../../hooks/settings"

/**
 * Settings > Extensions > Retail financing: the connection and its test, partners, return reasons and
 * carriers; with several store codes (the `locations` option), each one's connection test and partners.
 * The applications (and the phone look-up) are on the Retail financing page of the main sidebar.
 */
const RetailFinancingSettingsPage = () => {
  const { data, error, isLoading } = useFinancingSettings()
  // Until the settings say there are several store codes (or when they cannot be read), the page is a
  // one-store-code store's, whose connection test starts at once.
  const severalLocations = data !== undefined && data.locations.length > 1

  return (
    <div className="flex flex-col gap-y-3" data-testid="rf-settings">
      <Container className="divide-y p-0">
        <div className="px-6 py-4">
          <Heading level="h1">Retail financing</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            How this store is connected to the financing service, and what the service offers it.
          </Text>
        </div>
        <AttentionCallout />
      </Container>
      {severalLocations ? (
        <StoreLocations settings={data} />
      ) : (
        <Container className="p-0">
          {/* The connection test runs by itself: it must tell the truth even when the settings fail to load. */}
          <ConnectionSection settings={data} />
        </Container>
      )}
      {isLoading && (
        <Container className="px-6 py-4">
          <Text size="small" className="text-ui-fg-subtle">
            Loading…
          </Text>
        </Container>
      )}
      {error && (
        <Container className="px-6 py-4">
          <Text size="small" className="text-ui-fg-error" data-testid="rf-settings-error">
            Could not load the retail financing settings: {adminErrorMessage(error)}
          </Text>
        </Container>
      )}
      {data && (
        <>
          {!severalLocations && (
            <Container className="p-0">
              <PartnersTable partners={data.partners} error={data.partners_error} />
            </Container>
          )}
          <Container className="p-0">
            <ReturnReasonsTable reasons={data.return_reasons} error={data.return_reasons_error} />
          </Container>
          <Container className="p-0">
            <CarriersSection carriers={data.carriers} carrierMap={data.carrier_map} />
          </Container>
        </>
      )}
    </div>
  )
}

export const config = defineRouteConfig({ label: "Retail financing" })

export default RetailFinancingSettingsPage
