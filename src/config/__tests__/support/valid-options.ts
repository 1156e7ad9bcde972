import type { RetailFinancingOptionsInput } from "../../options"

/** The smallest set of options a store can start with: every required option, each valid. */
export const VALID_OPTIONS: RetailFinancingOptionsInput = {
  baseUrl: "https://financing.example.com",
  username: "store-user",
  password: "p@ssw0rd-value-never-shown",
  storeCode: "STORE-1",
  backendUrl: "https://api.shop.example.com",
  callbackSecret: "callback-secret-never-shown-0123456789",
}
