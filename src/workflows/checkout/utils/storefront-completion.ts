import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { isFinancingProviderId } from "../../../config/provider-id"
import { RETAIL_FINANCING_MODULE, type RetailFinancingModuleService } from "../../../modules/retail-financing"
import { settleCartCompletion } from "./interrupted-completion"
import { runApplicationSync } from "./run-application-sync"
import { orderOfCart } from "../../../queries/order-of-cart"

export type StorefrontCompletionGate =
  /** The cart holds no financing session: none of this plugin's business, Medusa's handler runs as always. */
  { financed: false } | ({ financed: true } & FinancedCartGate)

type FinancedCartGate =
  /**
   * Nothing an interrupted completion left is in the way. `order_id`: the cart's order, read under the cart's
   * lock once any completion running then had ended (or after the sync settled it); null: none yet, and
   * Medusa's own handler may complete the cart.
   */
  | { proceed: true; order_id: string | null; synced: boolean }
  /**
   * A completion or a sync of the cart is running, and what an interrupted completion left is not settled
   * yet: Medusa's handler must not run now (it would make a second order). Answer as Medusa does for a
   * cart being completed by another request (409), and let the storefront try again.
   */
  | { proceed: false }

/**
 * For the store's `POST /store/carts/:id/complete`, before Medusa's handler (a middleware calls it).
 *
 * A financed cart whose last completion was interrupted (Medusa killed mid-way) is settled first by the
 * application's sync, exactly as a status callback would settle it: it reads the status, checks the signed
 * contract against the cart, adopts the order the interrupted completion made (or gives the cart's order the
 * links it lacks) and authorizes it. Medusa's handler then finds that order instead of making a second one.
 * Any other financed cart is tagged for its completion (domain/checkout/interrupted-completion.ts), so that
 * the order of this completion can be found should it be interrupted in turn. Carts without a financing
 * session are left alone. Costs no status read unless something was interrupted. Like settledCartOrder, it
 * waits for a completion of the cart that is running and answers with the order it made, so a caller needs
 * no second look.
 */
export async function gateStorefrontCompletion(
  container: MedusaContainer,
  cartId: string
): Promise<StorefrontCompletionGate> {
  // The one read of the cart's payment sessions in a shopper's `complete`: it also tells a cart not paid with
  // financing, which the middleware then leaves to Medusa.
  const financing = await financingApplicationOfCart(container, cartId)
  if (!financing) return { financed: false }
  const gate = await gateFinancedCart(container, cartId, financing.application_id)
  return { financed: true, ...gate }
}

async function gateFinancedCart(
  container: MedusaContainer,
  cartId: string,
  applicationId: string | null
): Promise<FinancedCartGate> {
  if (!applicationId) return { proceed: true, order_id: await orderOfCart(container, cartId), synced: false }

  // A look, not the settlement: only the sync may repair (adopt an orphan, make links), after it has checked
  // the signed contract against the cart with a status read of its own, under the application's lock and
  // again under the cart's lock. This look cannot be handed to it: it is taken before the application's lock,
  // and a callback's sync holding that lock may change the cart before this one settles. It decides whether
  // the sync runs at all (a status read only when something was interrupted) and tags an untagged cart.
  const found = await settleCartCompletion(container, cartId, { repair: false })
  if (!found.settled) return { proceed: false }
  const interrupted =
    found.adoptable !== null || (found.order_id !== null && (found.missing.length > 0 || !found.paid))
  if (!interrupted) return { proceed: true, order_id: found.order_id, synced: false }

  const sync = await runApplicationSync(container, { application_id: applicationId })
  // Queued: another sync of the application holds it and settles the cart; Medusa's handler must wait.
  if (sync.queued) return { proceed: false }
  return { proceed: true, order_id: await orderOfCart(container, cartId), synced: true }
}

interface CartSessions {
  payment_collection?: {
    payment_sessions?: { id: string; provider_id: string; data?: Record<string, unknown> | null }[] | null
  } | null
}

/**
 * The ledger application of the cart's financing session (Medusa keeps one: a new session replaces the
 * others); null when the cart has no financing session at all (any registration of the provider).
 */
async function financingApplicationOfCart(
  container: MedusaContainer,
  cartId: string
): Promise<{ application_id: string | null } | null> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "cart",
    fields: [
      "id",
      "payment_collection.payment_sessions.id",
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.data",
    ],
    filters: { id: cartId },
  })
  const sessions = ((data as CartSessions[])[0]?.payment_collection?.payment_sessions ?? []).filter(
    (session) => isFinancingProviderId(session.provider_id)
  )
  if (sessions.length === 0) return null
  const financing = container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE)
  for (const session of sessions) {
    const applicationId = session.data?.applicationId
    if (typeof applicationId === "string" && applicationId) return { application_id: applicationId }
    const recorded = await financing.ledger.findApplication({ payment_session_id: session.id })
    if (recorded) return { application_id: recorded.id }
    const publicId = session.data?.publicId
    if (typeof publicId === "string" && publicId) {
      const byPublicId = await financing.ledger.findApplication({ public_id: publicId })
      if (byPublicId) return { application_id: byPublicId.id }
    }
  }
  return { application_id: null }
}
