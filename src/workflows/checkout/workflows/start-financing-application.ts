import { WorkflowResponse, createWorkflow, transform } from "@medusajs/framework/workflows-sdk"

import { buildFinancingApplicationStep } from "../steps/build-financing-application"
import { openFinancingApplicationStep } from "../steps/open-financing-application"
import { recordFinancingApplicationCreatedStep } from "../steps/record-financing-application-created"
import { requestFinancingApplicationStep } from "../steps/request-financing-application"

export const startFinancingApplicationWorkflowId = "retail-financing-start-application"

export interface StartFinancingApplicationInput {
  payment_collection_id: string
  /** The provider the session is started with; the cart's region must offer it. */
  provider_id?: string
  /** What the storefront sent in the session's `data`: only `return_url` and `cancel_url` are read. */
  requested_urls: { return_url?: unknown; cancel_url?: unknown }
}

/** The application by reference: what the payment session may hold, nothing of the shopper's. */
export interface StartedFinancingApplication {
  application_id: string
  public_id: string
  /** The store code it was made for: the provider reads its status with that store's token. */
  store_code: string
  link: string
  cart_id: string
  amount_cents: number
  created_date: string
}

/**
 * Creates a cart's financing application on the server, before Medusa makes the payment session for it:
 * builds it from the cart, records it in the ledger (with fingerprints of what is financed, never the
 * details), asks the service for it under its ledger id, then records its public id and supersedes the
 * cart's older applications. The shopper's details go only to the service; the session gets a reference.
 *
 * The caller holds the payment collection's lock (the payment-session middleware does, until Medusa has
 * answered), so one cart's session starts run one after another.
 */
export const startFinancingApplicationWorkflow = createWorkflow(
  startFinancingApplicationWorkflowId,
  (input: StartFinancingApplicationInput) => {
    const built = buildFinancingApplicationStep(input)
    const applicationId = openFinancingApplicationStep(
      transform({ input, built }, ({ input, built }) => ({
        payment_collection_id: input.payment_collection_id,
        cart_id: built.cart_id,
        store_code: built.application.storeCode,
        total_cents: built.total_cents,
        fingerprints: built.fingerprints,
      }))
    )
    const created = requestFinancingApplicationStep(
      transform({ applicationId, built }, ({ applicationId, built }) => ({
        application_id: applicationId,
        application: built.application,
      }))
    )
    recordFinancingApplicationCreatedStep(
      transform({ applicationId, created }, ({ applicationId, created }) => ({
        application_id: applicationId,
        public_id: created.public_id,
      }))
    )
    const started = transform(
      { applicationId, created, built },
      ({ applicationId, created, built }): StartedFinancingApplication => ({
        application_id: applicationId,
        public_id: created.public_id,
        store_code: created.store_code,
        link: created.link,
        cart_id: built.cart_id,
        amount_cents: built.total_cents,
        created_date: created.created_date,
      })
    )
    return new WorkflowResponse(started)
  }
)
