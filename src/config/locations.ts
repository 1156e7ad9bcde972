import type { RetailFinancingOptions } from "./options"

/**
 * Where a sale happens, as the financing service knows it: a retailer is "a store, identified by a store
 * code" (spec 1), with its own credentials, partners and applications. A Medusa store with one location has
 * one (the top-level options); the `locations` option adds one per store code, each selling through its own
 * sales channels.
 */
export interface StoreLocation {
  storeCode: string
  /** Holds the password: never log or return it. */
  credentials: StoreCredentials
  minAmount?: number
  maxAmount?: number
  /** Empty for the top-level location: it sells through every sales channel no location lists. */
  salesChannelIds: readonly string[]
}

export interface StoreCredentials {
  username: string
  password: string
}

type LocationOptions = Pick<
  RetailFinancingOptions,
  "storeCode" | "username" | "password" | "minAmount" | "maxAmount" | "locations"
>

/** The top-level location first, then the `locations` option's, each with the top-level values it lacks. */
export function storeLocations(options: LocationOptions): StoreLocation[] {
  const topLevel: StoreLocation = {
    storeCode: options.storeCode,
    credentials: { username: options.username, password: options.password },
    minAmount: options.minAmount,
    maxAmount: options.maxAmount,
    salesChannelIds: [],
  }
  const others = (options.locations ?? []).map((place): StoreLocation => ({
    storeCode: place.storeCode,
    // The options refuse one credential without the other, so both or neither are set.
    credentials:
      place.username !== undefined && place.password !== undefined
        ? { username: place.username, password: place.password }
        : topLevel.credentials,
    minAmount: place.minAmount ?? options.minAmount,
    maxAmount: place.maxAmount ?? options.maxAmount,
    salesChannelIds: place.salesChannelIds,
  }))
  return [topLevel, ...others]
}

/** The location a cart or order of this sales channel sells through: the top-level one unless listed. */
export function locationOfSalesChannel(
  options: LocationOptions,
  salesChannelId: string | null | undefined
): StoreLocation {
  const [topLevel, ...others] = storeLocations(options)
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
