import { model } from "@medusajs/framework/utils"

import { FinancingAction } from "./financing-action"

/**
 * One financing application as the store knows it: the link between the service's public id and Medusa's
 * payment session, cart and order, and the last status the service reported. Statuses only move forward
 * here (a replayed old callback cannot undo a return), and every one is kept in `status_history`.
 */
export const FinancingApplication = model
  .define("retail_financing_application", {
    id: model.id({ prefix: "rfapp" }).primaryKey(),
    public_id: model.text().unique(),
    payment_session_id: model.text().unique(),
    cart_id: model.text().nullable(),
    order_id: model.text().nullable(),
    status: model.text(),
    /** `{ status, at }[]`, oldest first. */
    status_history: model.json(),
    /** The cart total the application was made for, in dollars. */
    amount: model.bigNumber(),
    approval_amount: model.bigNumber().nullable(),
    borrowed_amount: model.bigNumber().nullable(),
    invoice_amount: model.bigNumber().nullable(),
    total_in_store_payment: model.bigNumber().nullable(),
    partner_code: model.text().nullable(),
    partner_name: model.text().nullable(),
    partner_display_name: model.text().nullable(),
    /** The lender's payment to the store (spec 2.4 paymentInfo), once there is one. */
    funding: model.json().nullable(),
    actions: model.hasMany(() => FinancingAction, { mappedBy: "application" }),
  })
  .indexes([{ on: ["order_id"], where: "order_id IS NOT NULL" }])
