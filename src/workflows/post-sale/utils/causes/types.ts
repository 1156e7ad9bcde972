import type { MedusaContainer } from "@medusajs/framework/types"

import type { ActionRecordInput, RetailFinancingModuleService } from "../../../../modules/retail-financing"
import type { FinancedOrder } from "../financed-order"

/**
 * What in Medusa asks the service to hear something. Each cause declares its own shape in its planner's
 * file; the union of them all, `PostSaleCause`, is derived from the registry in `./index.ts`.
 */
export interface Cause {
  type: string
}

/** What every planner reads from: Medusa's data and the ledger, through the container. */
export interface OrderContext {
  container: MedusaContainer
  financing: RetailFinancingModuleService
  financed: FinancedOrder
}

/** What a cause's planner reads from, with the cause itself. */
export interface PlanningContext<C extends Cause> extends OrderContext {
  cause: C
}

/**
 * A Medusa event that raises a cause. The post-sale subscriber listens to every event a planner declares and
 * runs the cause it makes; `description` and `oncePer` are the event's entry in medusa-plugin.json and its
 * row in the events table of docs/after-the-sale.md, both written by `npm run manifest`.
 */
export interface CauseEvent<C extends Cause> {
  /** What the event makes the plugin tell the service: the action in full, with its endpoint. */
  description: string
  /**
   * What the action is recorded once for however often the event comes (an order, a fulfillment...): the
   * scope of the cause keys the planner gives its actions.
   */
  oncePer: string
  /**
   * The cause, from the event's data as Medusa emits it. Method syntax on purpose: each declaration names
   * its own event's data type (`{ id: string }`...), which the subscriber cannot know.
   */
  toCause(data: Record<string, unknown>): C
}

/**
 * One cause's rules: which order it concerns, and the actions it asks the ledger to record (none when
 * there is nothing to tell). Planning reads but never writes; the workflow records what it returns.
 */
export interface CausePlanner<C extends Cause> {
  /** The Medusa events that raise this cause, by name; none for a merchant's request from the admin. */
  events?: Readonly<Record<string, CauseEvent<C>>>
  /** The order the cause is about, or null when it is not about an order Medusa still has. */
  orderOf(cause: C, container: MedusaContainer): Promise<string | null>
  /** A merchant's request about an order not paid with financing is an error, not a silent no-op. */
  requiresFinancing?: boolean
  plan(context: PlanningContext<C>): Promise<ActionRecordInput[]>
}

/** The cause a planner plans for. */
export type CauseOfPlanner<P> = P extends CausePlanner<infer C> ? C : never

/** The order id a cause carries itself. */
export const orderIdOfCause = async (cause: { order_id: string }) => cause.order_id
