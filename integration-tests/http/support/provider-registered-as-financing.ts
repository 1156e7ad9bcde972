import { registerProviderUnder } from "../../helpers/provider-registration"

/*
 * Imported first by a spec, before the helpers load and before Medusa boots: the app registers the
 * provider as { resolve: ..., id: "financing" }, which Medusa names pp_retail-financing_financing.
 */
registerProviderUnder("financing")
