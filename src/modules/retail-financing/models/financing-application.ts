import { model } from "@medusajs/framework/utils"

import { FinancingAction } from "./financing-action"

/** Ids are `rfapp_…`: the ledger's raw INSERT makes them as the model does. */
export const APPLICATION_ID_PREFIX = "rfapp"

/**
 * One financing application as the store knows it, from the moment the store asks the service for it: the
 * link between the service's public id and Medusa's payment collection, session, cart and order, what was
 * financed (as keyed fingerprints), and the last status the service reported. Statuses only move forward
 * here (a replayed old callback cannot undo a return), and every one is kept in `status_history`.
 *
 * A signed contract that cannot become an order is an exception, recorded here once with its reason and
 * resolved by the merchant (voided at the service, or marked resolved).
 */
export const FinancingApplication = model
  .define("retail_financing_application", {
    id: model.id({ prefix: APPLICATION_ID_PREFIX }).primaryKey(),
    /** Null while the service has not answered the creation, or never did (then `creation_error` says why). */
    public_id: model.text().unique().nullable(),
    creation_error: model.text().nullable(),
    /**
     * The service's own application number (spec 2.4 `applicationId`), the one its pages show: kept from the
     * status reads the store already makes. Null until a read carries one (a pre-qualification has none).
     */
    application_number: model.number().nullable(),
    /**
     * The store code the application was made for: its sales channel's location. Every later call about it
     * uses that store's credentials. Null only on rows from before store codes were kept that the migration
     * script has not filled yet: those were made with the top-level storeCode.
     */
    store_code: model.text().nullable(),
    /** Null until Medusa's payment session holding this application is known. */
    payment_session_id: model.text().unique().nullable(),
    payment_collection_id: model.text().nullable(),
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
    /**
     * The invoice amount the contract was signed for: the first one the service reported, never changed
     * after. `invoice_amount` follows the contract as the store's returns reduce it; whether the contract
     * covers the cart is judged on this one (see domain/checkout/contract-covers-cart.ts).
     */
    signed_invoice_amount: model.bigNumber().nullable(),
    total_in_store_payment: model.bigNumber().nullable(),
    partner_code: model.text().nullable(),
    partner_name: model.text().nullable(),
    partner_display_name: model.text().nullable(),
    /** The lender's payment to the store (spec 2.4 paymentInfo), once there is one. */
    funding: model.json().nullable(),
    /** The payment's date (`YYYY-MM-DD`) and status as last reported: what the payouts report filters on. */
    funding_date: model.text().nullable(),
    funding_status: model.text().nullable(),
    /** When the ledger first saw a payment for this contract, and when it last saw it change. */
    funding_seen_at: model.dateTime().nullable(),
    funding_changed_at: model.dateTime().nullable(),
    /**
     * HMACs (keyed from the callbackSecret, so they reveal nothing) of what was financed: the product lines
     * and total, and the customer's name, email, phone, billing and shipping address. A signature completes
     * the cart only while the cart still gives the same ones.
     */
    cart_fingerprint: model.text().nullable(),
    customer_fingerprint: model.text().nullable(),
    /** A newer application for the same cart replaced this one: its signature never makes an order. */
    superseded_by_id: model.text().nullable(),
    superseded_at: model.dateTime().nullable(),
    /** Cart completions tried after signing that did not give an order, and when reconciliation may try again. */
    completion_attempts: model.number().default(0),
    next_completion_at: model.dateTime().nullable(),
    /** Why the last completion failed, in Medusa's words (no personal data). */
    completion_error: model.text().nullable(),
    /** A signed contract with no order: one of CONTRACT_EXCEPTION_REASONS, recorded once. */
    exception_reason: model.text().nullable(),
    exception_at: model.dateTime().nullable(),
    /** How the merchant resolved it: "voided" (a whole return sent to the service) or "resolved". */
    exception_resolution: model.text().nullable(),
    exception_resolved_at: model.dateTime().nullable(),
    /** The admin user who resolved it. */
    exception_resolved_by: model.text().nullable(),
    /**
     * The in-store payment (`total_in_store_payment`, owed by the shopper to the store, not lent) is due
     * until the merchant marks it received: when, and the admin user who did. Written once (see
     * ApplicationLedger.markInStorePaymentReceived): a second mark keeps the first.
     */
    in_store_payment_received_at: model.dateTime().nullable(),
    in_store_payment_received_by: model.text().nullable(),
    /** A status callback arrived at this time: a sync running then must read the status once more. */
    sync_requested_at: model.dateTime().nullable(),
    /**
     * The last status read made because the admin was looking at the application (see
     * workflows/checkout/utils/follow-lender-on-view.ts): at most one a minute, however many tabs are open.
     */
    viewed_read_at: model.dateTime().nullable(),
    actions: model.hasMany(() => FinancingAction, { mappedBy: "application" }),
  })
  .indexes([
    { on: ["order_id"], where: "order_id IS NOT NULL" },
    { on: ["cart_id"], where: "cart_id IS NOT NULL" },
    { on: ["exception_reason"], where: "exception_reason IS NOT NULL" },
    { on: ["store_code"] },
    { on: ["funding_date"], where: "funding_date IS NOT NULL" },
    { on: ["application_number"], where: "application_number IS NOT NULL" },
  ])
