import type { RetailFinancingOptions } from "./options"

/**
 * Where a sale happens, as the financing service knows it: a retailer is "a store, identified by a store
 * code" (spec 1), with its own credentials, partners and applications. A Medusa store with one location has
 * one (the top-level options); the `locations` option adds one per store code, each selling through its own
 * sales channels.
 */
export interface SalesLocation {
  storeCode: string
  minAmount?: number
  maxAmount?: number
  /** Empty for the top-level location: it sells through every sales channel no location lists. */
  salesChannelIds: readonly string[]
}

/** A location with the credentials its store code signs in with. */
export interface StoreLocation extends SalesLocation {
  /** Holds the password: never log or return it. */
  credentials: StoreCredentials
}

export interface StoreCredentials {
  username: string
  password: string
}

/** What says where a sale happens: the store codes, their sales channels and limits. */
type SalesOptions = Pick<RetailFinancingOptions, "storeCode" | "minAmount" | "maxAmount" | "locations">
type LocationOptions = SalesOptions & Pick<RetailFinancingOptions, "username" | "password">

/** The top-level location first, then the `locations` option's, each with the top-level limits it lacks. */
function salesLocations(options: SalesOptions): SalesLocation[] {
  const topLevel: SalesLocation = {
    storeCode: options.storeCode,
    minAmount: options.minAmount,
    maxAmount: options.maxAmount,
    salesChannelIds: [],
  }
  const others = (options.locations ?? []).map((place): SalesLocation => ({
    storeCode: place.storeCode,
    minAmount: place.minAmount ?? options.minAmount,
    maxAmount: place.maxAmount ?? options.maxAmount,
    salesChannelIds: place.salesChannelIds,
  }))
  return [topLevel, ...others]
}

/** Every location with its credentials: a location's own, or the top-level ones it shares. */
export function storeLocations(options: LocationOptions): StoreLocation[] {
  const topLevel = { username: options.username, password: options.password }
  return salesLocations(options).map((place, index) => {
    const own = index === 0 ? undefined : options.locations?.[index - 1]
    // The options refuse one credential without the other, so both or neither are set.
    const credentials =
      own?.username !== undefined && own.password !== undefined
        ? { username: own.username, password: own.password }
        : topLevel
    return { ...place, credentials }
  })
}

/** The location a cart or order of this sales channel sells through: the top-level one unless listed. */
export function locationOfSalesChannel(
  options: SalesOptions,
  salesChannelId: string | null | undefined
): SalesLocation {
  const [topLevel, ...others] = salesLocations(options)
  if (!salesChannelId) return topLevel
  return others.find((place) => place.salesChannelIds.includes(salesChannelId)) ?? topLevel
}

/**
 * The location of an application's store code. An application recorded before the ledger kept store codes
 * has none: it was made with the top-level one. A code no longer configured (a location removed after its
 * applications were made) is still that store's: its applications are read with the top-level credentials,
 * the only ones left, and the service says so if they are not allowed.
 */
export function locationOfStoreCode(
  options: LocationOptions,
  storeCode: string | null | undefined
): StoreLocation {
  const all = storeLocations(options)
  const found = storeCode ? all.find((place) => place.storeCode === storeCode) : undefined
  return found ?? { ...all[0], storeCode: storeCode || all[0].storeCode }
}
