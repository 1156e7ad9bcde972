import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"

import { RetailFinancingOptionsSchema, SECRET_OPTIONS, parseOptions } from "../options"
import { CLIENT_OPTION_RANGES, FinancingClient, FinancingValidationError } from "../../lib/financing"
import RetailFinancingModuleService from "../../modules/retail-financing/service"
import { RetailFinancingProviderService } from "../../providers/retail-financing/service"
import { VALID_OPTIONS } from "./support/valid-options"

const valid = VALID_OPTIONS

function errorFor(options: unknown): MedusaError {
  try {
    parseOptions(options)
  } catch (error) {
    if (error instanceof MedusaError) return error
    throw error
  }
  throw new Error("expected the options to be rejected")
}

describe("parseOptions", () => {
  it("accepts the required options and fills in defaults", () => {
    expect(parseOptions(valid)).toEqual({
      ...valid,
      allowedRedirectOrigins: [],
      timeoutMs: 15_000,
      maxRetries: 2,
      invoiceOn: "fulfillment",
      invoiceMaxBytes: 10 * 1024 * 1024,
      carriers: [],
      carrierMap: {},
      directDeliveryTypes: ["pickup", "local-delivery"],
      returnReasonMap: {},
      asLowAsCacheSeconds: 300,
      reconcileSchedule: "*/5 * * * *",
      sendActionsSchedule: "* * * * *",
      callbackAnswerWithinMs: 3000,
    })
  })

  it("accepts job schedules of 5 cron fields, or 6 with seconds first", () => {
    expect(
      parseOptions({ ...valid, reconcileSchedule: "0 */2 * * *", sendActionsSchedule: " */3 * * * * * " })
    ).toMatchObject({ reconcileSchedule: "0 */2 * * *", sendActionsSchedule: "*/3 * * * * *" })
  })

  it("refuses a carrier map that names a code outside the carrier list", () => {
    expect(() =>
      parseOptions({ ...valid, carriers: ["NationalPost"], carrierMap: { manual_manual: "Elsewhere" } })
    ).toThrow('"carrierMap[manual_manual]" maps to Elsewhere, which is not in carriers')
  })

  it("accepts a carrier map before the operator's carrier list is set: the map waits, inert", () => {
    expect(
      parseOptions({ ...valid, carriers: [], carrierMap: { manual_manual: "NationalPost" } })
    ).toMatchObject({
      carriers: [],
      carrierMap: { manual_manual: "NationalPost" },
    })
  })

  it("refuses a store address the service's delivery limits would refuse", () => {
    expect(() =>
      parseOptions({
        ...valid,
        storeAddress: { street: "x".repeat(51), city: "Austin", state: "TX", zip: "78701" },
      })
    ).toThrow('"storeAddress[street]" must be at most 50 characters')
  })

  it("accepts numbers written as strings, as environment variables arrive", () => {
    const options = parseOptions({
      ...valid,
      minAmount: "99.90",
      maxAmount: "5000",
      timeoutMs: "3000",
      maxRetries: "0",
      asLowAsCacheSeconds: "0",
      callbackAnswerWithinMs: "60000",
    })

    expect(options).toMatchObject({
      minAmount: 99.9,
      maxAmount: 5000,
      timeoutMs: 3000,
      maxRetries: 0,
      asLowAsCacheSeconds: 0,
      callbackAnswerWithinMs: 60_000,
    })
  })

  it("throws INVALID_DATA", () => {
    expect(errorFor({ ...valid, baseUrl: "nope" }).type).toBe(MedusaError.Types.INVALID_DATA)
  })

  it.each(["baseUrl", "username", "password", "storeCode", "backendUrl", "callbackSecret"] as const)(
    "requires %s and names it",
    (name) => {
      const { [name]: _omitted, ...rest } = valid

      expect(errorFor(rest).message).toContain(`"${name}" is required`)
    }
  )

  it.each([
    ["baseUrl", "ftp://financing.example.com"],
    ["baseUrl", "financing.example.com"],
    ["backendUrl", "not a url"],
    ["username", "   "],
    ["timeoutMs", 50],
    ["timeoutMs", 1500.5],
    ["maxRetries", 6],
    ["asLowAsCacheSeconds", -1],
    ["asLowAsCacheSeconds", 86_401],
    ["asLowAsCacheSeconds", 1.5],
    ["callbackAnswerWithinMs", 99],
    ["callbackAnswerWithinMs", 120_001],
    ["callbackAnswerWithinMs", "3 s"],
    ["inStorePaymentInstructions", "  "],
    ["inStorePaymentInstructions", 5],
    ["inStorePaymentInstructions", "x".repeat(301)],
    ["reconcileSchedule", "every 5 minutes"],
    ["reconcileSchedule", "* * * *"],
    ["sendActionsSchedule", "* * * * * * *"],
    ["sendActionsSchedule", 60],
    ["minAmount", 0],
    ["minAmount", -10],
    ["maxAmount", 10.005],
    ["maxAmount", "ten"],
    ["allowedStates", []],
    ["allowedStates", "CA"],
    ["allowedRedirectOrigins", "https://shop.example.com"],
  ])("rejects %s = %p and names it", (name, value) => {
    expect(errorFor({ ...valid, [name]: value }).message).toContain(`"${name}"`)
  })

  it("names the element of a list that is wrong", () => {
    const message = errorFor({ ...valid, allowedStates: ["CA", "ca", "PR"] }).message

    expect(message).toContain('"allowedStates[1]"')
    expect(message).toContain('"allowedStates[2]"')
    expect(message).not.toContain('"allowedStates[0]"')
  })

  it("takes what the lender cannot lease by type, tag, collection and category, and names a wrong part", () => {
    const nonLeasable = { productTypes: ["Service"], categories: ["protection-plans"] }
    expect(parseOptions({ ...valid, nonLeasable }).nonLeasable).toEqual(nonLeasable)
    expect(parseOptions(valid).nonLeasable).toBeUndefined()

    expect(errorFor({ ...valid, nonLeasable: { productType: ["Service"] } }).message).toContain(
      '"nonLeasable.productType" is not a known option'
    )
    expect(errorFor({ ...valid, nonLeasable: { productTags: "gift" } }).message).toContain(
      '"nonLeasable[productTags]" must be an array of names'
    )
    expect(errorFor({ ...valid, nonLeasable: { collections: [] } }).message).toContain(
      '"nonLeasable[collections]" must list at least one name when set'
    )
  })

  describe("locations", () => {
    const east = { storeCode: "STORE-EAST", salesChannelIds: ["sc_east", "sc_outlet"] }
    const west = {
      storeCode: "STORE-WEST",
      username: "west-user",
      password: "west-password-never-shown",
      salesChannelIds: ["sc_west"],
      maxAmount: 2000,
    }

    it("takes a store code per location, each with its sales channels and, optionally, credentials and limits", () => {
      expect(parseOptions({ ...valid, locations: [east, west] }).locations).toEqual([east, west])
      expect(parseOptions(valid).locations).toBeUndefined()
    })

    it("refuses a sales channel in two locations, naming the channel and both locations", () => {
      const message = errorFor({
        ...valid,
        locations: [east, { ...west, salesChannelIds: ["sc_west", "sc_outlet"] }],
      }).message
      expect(message).toContain('"locations[1].salesChannelIds" lists sales channel sc_outlet')
      expect(message).toContain("locations[0] lists too")
    })

    it("refuses a store code used twice, the top-level one included", () => {
      expect(errorFor({ ...valid, locations: [{ ...east, storeCode: "STORE-1" }] }).message).toContain(
        '"locations[0].storeCode" is STORE-1, already the store code of storeCode'
      )
      expect(
        errorFor({ ...valid, locations: [east, { ...west, storeCode: "STORE-EAST" }] }).message
      ).toContain('"locations[1].storeCode" is STORE-EAST, already the store code of locations[0]')
    })

    it("refuses one credential without the other, and never echoes a password", () => {
      const message = errorFor({
        ...valid,
        locations: [{ ...east, password: "lonely-password-never-shown" }],
      }).message
      expect(message).toContain('"locations[0].username" is required with the location\'s other credential')
      expect(message).not.toContain("lonely-password-never-shown")
    })

    it("refuses limits that cross once the top-level ones fill in, and names wrong and unknown fields", () => {
      expect(errorFor({ ...valid, minAmount: 2500, locations: [west] }).message).toContain(
        '"locations[0].maxAmount" leaves the location\'s minAmount (2500) greater than its maxAmount (2000)'
      )
      expect(errorFor({ ...valid, locations: [{ ...east, salesChannelIds: [] }] }).message).toContain(
        '"locations[0].salesChannelIds" must list at least one sales channel id'
      )
      expect(errorFor({ ...valid, locations: [{ ...east, storecode: "X" }] }).message).toContain(
        '"locations[0].storecode" is not a known option'
      )
      expect(errorFor({ ...valid, locations: east }).message).toContain(
        '"locations" must be an array of locations'
      )
    })
  })

  it("rejects a minimum above the maximum", () => {
    expect(errorFor({ ...valid, minAmount: 500, maxAmount: 100 }).message).toContain(
      '"minAmount" must not be greater than maxAmount'
    )
    expect(parseOptions({ ...valid, minAmount: 100, maxAmount: 100 })).toMatchObject({ minAmount: 100 })
  })

  it("rejects an unknown option by name, to catch typos", () => {
    expect(errorFor({ ...valid, callbackSecrett: "x".repeat(40) }).message).toContain(
      '"callbackSecrett" is not a known option'
    )
  })

  it("rejects missing options as a whole", () => {
    expect(errorFor(undefined).message).toContain("options must be an object")
  })

  describe("keys Medusa adds", () => {
    // Medusa writes `database` into the plugin module's options object in place; the provider shares it.
    const database = { clientUrl: "postgres://medusa:db-password@localhost/medusa", schema: "public" }

    it("ignores `database`, and does not carry it into the options", () => {
      const options = parseOptions({ ...valid, database })

      expect(options).toEqual(parseOptions(valid))
      expect(options).not.toHaveProperty("database")
    })

    it("does not read `database`, whatever it holds", () => {
      expect(() => parseOptions({ ...valid, database: "not an object" })).not.toThrow()
      expect(() => parseOptions({ ...valid, database: null })).not.toThrow()
    })

    it("still names an unknown option next to it, and never echoes the database URL", () => {
      const message = errorFor({ ...valid, database, databse: {} }).message

      expect(message).toContain('"databse" is not a known option')
      expect(message).not.toContain('"database"')
      expect(message).not.toContain("db-password")
    })

    it("does not change the object Medusa passed", () => {
      const raw = { ...valid, database }
      parseOptions(raw)

      expect(raw.database).toBe(database)
    })

    it("lets the provider be built from options that carry it", () => {
      const logger = {
        info: jest.fn(),
        warn: jest.fn(),
        error: jest.fn(),
        debug: jest.fn(),
      } as unknown as Logger

      expect(() => RetailFinancingProviderService.validateOptions({ ...valid, database })).not.toThrow()
      expect(() => new RetailFinancingProviderService({ logger }, { ...valid, database })).not.toThrow()
    })
  })

  describe("redirect URLs", () => {
    const redirects = {
      ...valid,
      allowedRedirectOrigins: ["https://shop.example.com/"],
      returnUrl: "https://shop.example.com/financing/{cart_id}/done",
      cancelUrl: "https://shop.example.com/checkout?cart={cart_id}",
    }

    it("accepts templates on an allowed origin and normalises the origins", () => {
      expect(parseOptions(redirects).allowedRedirectOrigins).toEqual(["https://shop.example.com"])
    })

    it.each([
      ["returnUrl", "https://shop.example.com/financing/done"],
      ["returnUrl", "/financing/{cart_id}/done"],
      ["cancelUrl", "https://elsewhere.example.com/{cart_id}"],
    ])("rejects %s = %p", (name, value) => {
      expect(errorFor({ ...redirects, [name]: value }).message).toContain(`"${name}"`)
    })

    it("accepts only bare origins in allowedRedirectOrigins", () => {
      expect(
        errorFor({ ...redirects, allowedRedirectOrigins: ["https://shop.example.com/checkout"] }).message
      ).toContain('"allowedRedirectOrigins[0]"')
    })
  })

  describe("secrets", () => {
    it("lists the options whose values are secret", () => {
      expect([...SECRET_OPTIONS].sort()).toEqual(["callbackSecret", "password"])
    })

    it("requires a callback secret of at least 32 characters without echoing it", () => {
      const secret = "short-but-still-secret"
      const message = errorFor({ ...valid, callbackSecret: secret }).message

      expect(message).toContain('"callbackSecret" must be at least 32 characters')
      expect(message).not.toContain(secret)
    })

    it("never echoes a secret when another option is wrong", () => {
      const callbackSecret = "c".repeat(31) + "-tail-of-the-secret"
      const message = errorFor({ ...valid, callbackSecret, baseUrl: "nope", password: 12345678 }).message

      expect(message).toContain('"password"')
      expect(message).not.toContain(valid.password)
      expect(message).not.toContain(callbackSecret)
      expect(message).not.toContain("12345678")
    })
  })
})

describe("RetailFinancingProviderService.validateOptions", () => {
  it("is what Medusa calls at boot, and applies the same rules", () => {
    expect(() => RetailFinancingProviderService.validateOptions({ ...valid })).not.toThrow()
    expect(() => RetailFinancingProviderService.validateOptions({ ...valid, storeCode: "" })).toThrow(
      /"storeCode"/
    )
  })
})

describe("one parse per options object", () => {
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() } as unknown as Logger

  afterEach(() => {
    jest.restoreAllMocks()
  })

  it("parses an object once, however many parts read it, and gives them all the same options", () => {
    const raw: Record<string, unknown> = { ...valid, storeName: "Parsed once" }
    const parse = jest.spyOn(RetailFinancingOptionsSchema, "safeParse")

    // What Medusa does at boot with one options object shared by the provider and the plugin's module.
    RetailFinancingProviderService.validateOptions(raw)
    const provider = new RetailFinancingProviderService({ logger }, raw)
    raw.database = { clientUrl: "postgres://localhost/medusa" }
    const module = new RetailFinancingModuleService({ logger }, raw)

    expect(parse).toHaveBeenCalledTimes(1)
    expect(module.getOptions()).toBe(parseOptions(raw))
    expect((provider as unknown as { config: unknown }).config).toBe(module.getOptions())
    expect(parse).toHaveBeenCalledTimes(1)
  })

  it("parses another object with the same values on its own, to equal options", () => {
    const parse = jest.spyOn(RetailFinancingOptionsSchema, "safeParse")

    expect(parseOptions({ ...valid })).toEqual(parseOptions({ ...valid }))
    expect(parse).toHaveBeenCalledTimes(2)
  })

  it("refuses a wrong object every time it is asked", () => {
    const raw = { ...valid, storeCode: "" }

    expect(() => parseOptions(raw)).toThrow(/"storeCode"/)
    expect(() => parseOptions(raw)).toThrow(/"storeCode"/)
  })

  it("hands out options no part can change under the others", () => {
    const options = parseOptions({ ...valid, carriers: ["NationalPost"] })

    expect(() => {
      ;(options as { timeoutMs: number }).timeoutMs = 1
    }).toThrow(TypeError)
    expect(() => (options.carriers as string[]).push("ExpressCourier")).toThrow(TypeError)
    expect(options.timeoutMs).toBe(15_000)
    expect(options.carriers).toEqual(["NationalPost"])
  })
})

describe("the options the financing client also takes", () => {
  // Each range has one definition, the client's; the plugin refuses exactly what the client would.
  const clientAccepts = (name: keyof typeof CLIENT_OPTION_RANGES, value: number) => {
    const base = { baseUrl: "https://financing.example.com", username: "u", password: "p" }
    try {
      new FinancingClient({ ...base, [name]: value })
      return true
    } catch (error) {
      if (error instanceof FinancingValidationError) return false
      throw error
    }
  }
  const pluginAccepts = (name: string, value: number) => {
    try {
      parseOptions({ ...valid, [name]: value })
      return true
    } catch (error) {
      if (error instanceof MedusaError) return false
      throw error
    }
  }

  it.each([
    ["timeoutMs", "timeoutMs"],
    ["maxRetries", "maxRetries"],
    ["invoiceMaxBytes", "maxInvoiceBytes"],
  ] as const)("%s has the client's %s range and default", (option, clientOption) => {
    const { min, max, default: fallback } = CLIENT_OPTION_RANGES[clientOption]

    expect(parseOptions(valid)[option]).toBe(fallback)
    for (const value of [min - 1, min, max, max + 1]) {
      expect([value, pluginAccepts(option, value)]).toEqual([value, clientAccepts(clientOption, value)])
    }
    expect(pluginAccepts(option, min)).toBe(true)
    expect(pluginAccepts(option, max + 1)).toBe(false)
  })
})
