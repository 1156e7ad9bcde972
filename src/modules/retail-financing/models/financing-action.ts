import { model } from "@medusajs/framework/utils"

import { ACTION_STATES } from "../../../domain/post-sale/action-kinds"
import { FinancingApplication } from "./financing-application"

/**
 * One thing the service must hear after the sale, recorded before it is sent. `cause` names what in Medusa
 * asked for it (an order, a fulfillment, a return, a refund...) and is unique, so an event Medusa emits
 * twice records, and sends, one action.
 */
export const FinancingAction = model
  .define("retail_financing_action", {
    id: model.id({ prefix: "rfact" }).primaryKey(),
    application: model.belongsTo(() => FinancingApplication, { mappedBy: "actions" }),
    /** One of ACTION_KINDS, checked by the ledger when recorded: a text column, so a new kind needs no migration. */
    kind: model.text(),
    cause: model.text().unique(),
    /** One line a merchant can read in the order's history. */
    summary: model.text(),
    /** What is sent; never a secret, and for merchant files a pointer to the stored file. */
    payload: model.json(),
    state: model.enum([...ACTION_STATES]).default("pending"),
    attempts: model.number().default(0),
    last_error: model.text().nullable(),
    /** The service's answer (a status text), when it gives one. */
    result: model.text().nullable(),
    next_attempt_at: model.dateTime().nullable(),
    lease_until: model.dateTime().nullable(),
    /** The process holding the claim while `sending` or `checking` (see sender-identity.ts). */
    sender: model.json().nullable(),
    /** Every attempt as it happened, oldest first: recorded before its request leaves, then its outcome. */
    attempt_log: model.json().nullable(),
    completed_at: model.dateTime().nullable(),
    /** Returns only: when the service reported the return settled (the application left PendingReturn). */
    settled_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["state", "next_attempt_at"] }])
