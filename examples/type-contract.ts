/*
 * NOT AN EXAMPLE. The examples declare the store routes' answers themselves, so they can be copied into a
 * storefront alone; this file makes `npm run typecheck` fail when one of those copies drifts from the
 * type the server answers with.
 */
import type { AsLowAsBody } from "../src/domain/as-low-as/quoter"
import type { FinancingEligibility } from "../src/domain/checkout/eligibility"
import type { FinancingRefusalBody } from "../src/domain/checkout/financing-refusal"
import type * as NextExample from "./nextjs/src/lib/financing"
import type { AsLowAsResponse as ReactAsLowAs } from "./react/AsLowAs"
import type { FinancingEligibility as ReactEligibility } from "./react/PayOverTimeOption"

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Reads<Server, Example> = [Server] extends [Example] ? true : false

export const typeContract: {
  nextEligibility: Same<FinancingEligibility, NextExample.FinancingEligibility>
  nextRefusalReasons: Same<FinancingRefusalBody["reasons"], NextExample.FinancingReason[]>
  nextAsLowAs: Same<AsLowAsBody, NextExample.AsLowAsResponse>
  reactEligibility: Reads<FinancingEligibility, ReactEligibility>
  reactAsLowAs: Same<AsLowAsBody, ReactAsLowAs>
} = {
  nextEligibility: true,
  nextRefusalReasons: true,
  nextAsLowAs: true,
  reactEligibility: true,
  reactAsLowAs: true,
}
