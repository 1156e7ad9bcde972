import { StepResponse, createStep } from "@medusajs/framework/workflows-sdk"

import { resolveFinancingApplication } from "../utils/resolve-financing-application"

/**
 * The ledger application a status callback's key names (checkout/utils/resolve-financing-application.ts),
 * or null. Recording the ledger row of an application created before the ledger knew them is what its
 * first sync always did, and is found again by the next callback: no compensation.
 */
export const resolveFinancingApplicationStep = createStep(
  "resolve-financing-application",
  async ({ key }: { key: string }, { container }) =>
    new StepResponse(await resolveFinancingApplication(container, key))
)
