import { locationOfSalesChannel, locationOfStoreCode, storeLocations } from "../locations"
import { parseOptions } from "../options"
import { VALID_OPTIONS } from "./support/valid-options"

const options = parseOptions({
  ...VALID_OPTIONS,
  minAmount: 300,
  maxAmount: 4000,
  locations: [
    { storeCode: "STORE-EAST", salesChannelIds: ["sc_east"] },
    {
      storeCode: "STORE-WEST",
      username: "west-user",
      password: "west-password",
      salesChannelIds: ["sc_west", "sc_west_outlet"],
      maxAmount: 2000,
    },
  ],
})

describe("store locations", () => {
  it("lists the top-level store first, then each location with the top-level values it lacks", () => {
    expect(storeLocations(options)).toEqual([
      {
        storeCode: "STORE-1",
        credentials: { username: "store-user", password: VALID_OPTIONS.password },
        minAmount: 300,
        maxAmount: 4000,
        salesChannelIds: [],
      },
      {
        storeCode: "STORE-EAST",
        credentials: { username: "store-user", password: VALID_OPTIONS.password },
        minAmount: 300,
        maxAmount: 4000,
        salesChannelIds: ["sc_east"],
      },
      {
        storeCode: "STORE-WEST",
        credentials: { username: "west-user", password: "west-password" },
        minAmount: 300,
        maxAmount: 2000,
        salesChannelIds: ["sc_west", "sc_west_outlet"],
      },
    ])
  })

  it("sells a listed sales channel through its location, and every other one through the top-level store", () => {
    expect(locationOfSalesChannel(options, "sc_west_outlet").storeCode).toBe("STORE-WEST")
    expect(locationOfSalesChannel(options, "sc_east").storeCode).toBe("STORE-EAST")
    expect(locationOfSalesChannel(options, "sc_default").storeCode).toBe("STORE-1")
    expect(locationOfSalesChannel(options, null).storeCode).toBe("STORE-1")
  })

  it("finds an application's location by its store code; one without (older rows) is the top-level store's", () => {
    expect(locationOfStoreCode(options, "STORE-WEST").credentials.username).toBe("west-user")
    expect(locationOfStoreCode(options, null).storeCode).toBe("STORE-1")
    // A location removed after its applications were made keeps its code, read with the top-level credentials.
    expect(locationOfStoreCode(options, "STORE-GONE")).toMatchObject({
      storeCode: "STORE-GONE",
      credentials: { username: "store-user" },
    })
  })

  it("is the top-level store alone when no locations are configured", () => {
    const single = parseOptions(VALID_OPTIONS)
    expect(storeLocations(single).map((place) => place.storeCode)).toEqual(["STORE-1"])
    expect(locationOfSalesChannel(single, "sc_any").storeCode).toBe("STORE-1")
  })
})
