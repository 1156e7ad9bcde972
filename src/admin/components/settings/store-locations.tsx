import { Container } from "@medusajs/ui"

import type { SettingsResponse } from "../../../domain/admin-api/types"
import { useSalesChannelNames } from "../../hooks/settings"
import { LocationSection } from "./location-section"
import { ServiceSection } from "./service-section"

type StoreLocationsProps = { settings: SettingsResponse }

/**
 * The settings of a store with several store codes (the `locations` option): what they share, then one
 * section per store code, the top-level one first. Sales channels are named by one read of the dashboard's
 * own data; until it answers, or if it cannot, they are shown by id.
 */
export const StoreLocations = ({ settings }: StoreLocationsProps) => {
  const names = useSalesChannelNames(settings.locations.flatMap((location) => location.sales_channel_ids))
  const channelNames = names.data ?? new Map<string, string>()

  return (
    <>
      <Container className="p-0">
        <ServiceSection settings={settings} />
      </Container>
      {settings.locations.map((location, index) => (
        <Container key={location.store_code} className="p-0">
          <LocationSection location={location} topLevel={index === 0} channelNames={channelNames} />
        </Container>
      ))}
    </>
  )
}
