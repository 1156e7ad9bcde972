import { financingProviderId } from "../../src/config/provider-id"
import { providerRegistrationId } from "./provider-registration"

/** The id Medusa gives the provider in the app under test: pp_retail-financing_<registration id>. */
export const RETAIL_FINANCING_PROVIDER_ID = financingProviderId(providerRegistrationId())
