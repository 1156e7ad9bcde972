// Medusa names a payment provider pp_<static identifier>_<id given in medusa-config>.
export const RETAIL_FINANCING_PROVIDER_ID = "pp_retail-financing_retail-financing"
