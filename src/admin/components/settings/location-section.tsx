import { Heading, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"

import type { StoreLocationView } from "../../../domain/admin-api/types"
import { useConnectionTest } from "../../hooks/settings"
import { amountLimitsWords, salesChannelsWords, signInWords } from "../../lib/location-words"
import { DetailRow } from "../shared/detail-row"
import { ConnectionResult } from "./connection-result"
import { PartnersTable } from "./partners-table"
import { TestConnectionButton } from "./test-connection-button"

type LocationSectionProps = {
  location: StoreLocationView
  /** The first of the settings' locations: the top-level storeCode. */
  topLevel: boolean
  channelNames: ReadonlyMap<string, string>
}

/**
 * One store code of a store with several: where it sells, what it finances, whose sign-in it uses (never
 * the credentials), its own connection test and the partners the service offers it.
 */
export const LocationSection = ({ location, topLevel, channelNames }: LocationSectionProps) => {
  // The top-level store code is tested as the route's default, under the key the page used before the
  // settings said there were several, so this section shows that test instead of making a second one.
  const test = useConnectionTest(topLevel ? undefined : location.store_code)

  return (
    <div className="divide-y" data-testid="rf-location" data-store-code={location.store_code}>
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div className="flex flex-col">
          <Heading level="h2">Store code {location.store_code}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {topLevel
              ? "The plugin's top-level storeCode option."
              : "A location of the plugin's locations option, with sales channels of its own."}
          </Text>
        </div>
        <TestConnectionButton test={test} />
      </div>
      <div className="py-2">
        <DetailRow label="Connection" testId="rf-connection">
          <ConnectionResult test={test} />
        </DetailRow>
        <DetailRow label="Sales channels" testId="rf-location-channels">
          {salesChannelsWords(location, channelNames)}
        </DetailRow>
        <DetailRow label="Cart totals financed" testId="rf-location-limits">
          {amountLimitsWords(location)}
        </DetailRow>
        <DetailRow label="Signs in with" testId="rf-location-sign-in">
          {signInWords(location)}
        </DetailRow>
        <DetailRow label="Applications">
          <Link
            to={`/retail-financing?store_code=${encodeURIComponent(location.store_code)}`}
            className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
            data-testid="rf-location-applications"
          >
            Show this store code&apos;s applications
          </Link>
        </DetailRow>
      </div>
      <PartnersTable
        partners={location.partners}
        error={location.partners_error}
        storeCode={location.store_code}
      />
    </div>
  )
}
