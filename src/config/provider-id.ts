/** Medusa names a provider `pp_<identifier>_<id from medusa-config>`; the README registers it with id retail-financing. */
export const RETAIL_FINANCING_PROVIDER_ID = "pp_retail-financing_retail-financing"
