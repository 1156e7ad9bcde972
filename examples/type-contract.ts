/*
 * NOT AN EXAMPLE. The examples declare the store routes' answers themselves, so they can be copied into a
 * storefront alone; this file makes `npm run typecheck` fail when one of those copies drifts from the
 * type the server answers with.
 */
import type { AsLowAsBody } from "../src/domain/as-low-as/quoter"
import type { FinancingEligibility } from "../src/domain/checkout/eligibility"
import type { FinancingRefusalBody } from "../src/domain/checkout/financing-refusal"
import type { ShopperFinancingAnswer } from "../src/domain/checkout/shopper-financing-state"
import type * as DtcExample from "./dtc-starter/storefront/src/lib/financing"
import type { AsLowAsResponse as ReactAsLowAs } from "./react/AsLowAs"
import type { FinancingEligibility as ReactEligibility } from "./react/PayOverTimeOption"

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Reads<Server, Example> = [Server] extends [Example] ? true : false

export const typeContract: {
  dtcEligibility: Reads<FinancingEligibility, DtcExample.FinancingEligibility>
  dtcRefusalReasons: Reads<FinancingRefusalBody["reasons"], DtcExample.FinancingReason[]>
  dtcCartFinancing: Same<ShopperFinancingAnswer, DtcExample.CartFinancing>
  reactEligibility: Reads<FinancingEligibility, ReactEligibility>
  reactAsLowAs: Same<AsLowAsBody, ReactAsLowAs>
} = {
  dtcEligibility: true,
  dtcRefusalReasons: true,
  dtcCartFinancing: true,
  reactEligibility: true,
  reactAsLowAs: true,
}
