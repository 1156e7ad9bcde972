import { RetailFinancingProviderService } from "../../providers/retail-financing/service"
import { FINANCING_PROVIDER_IDENTIFIER, financingProviderId, isFinancingProviderId } from "../provider-id"

describe("the provider id", () => {
  it("is the provider's static identifier, declared here", () => {
    expect(RetailFinancingProviderService.identifier).toBe(FINANCING_PROVIDER_IDENTIFIER)
  })

  it("is what Medusa makes of a registration: pp_<identifier>_<id>, or pp_<identifier> without an id", () => {
    expect(financingProviderId("retail-financing")).toBe("pp_retail-financing_retail-financing")
    expect(financingProviderId("financing")).toBe("pp_retail-financing_financing")
    expect(financingProviderId()).toBe("pp_retail-financing")
  })

  it.each(["pp_retail-financing_retail-financing", "pp_retail-financing_financing", "pp_retail-financing"])(
    "recognises %s as this provider",
    (providerId) => {
      expect(isFinancingProviderId(providerId)).toBe(true)
    }
  )

  it.each([
    "pp_system_default",
    "pp_stripe_stripe",
    // Another provider whose identifier merely starts with ours.
    "pp_retail-financing-plus_default",
    "retail-financing",
    "pp_retail-financin",
    "",
    undefined,
    null,
    42,
  ])("does not take %p for this provider", (providerId) => {
    expect(isFinancingProviderId(providerId)).toBe(false)
  })
})
