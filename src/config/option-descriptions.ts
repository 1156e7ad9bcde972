import type { RetailFinancingOptionsSchema } from "./options"

export type OptionName = keyof typeof RetailFinancingOptionsSchema.shape

/**
 * What each option means, for merchants: the one piece of medusa-plugin.json that cannot be read from the
 * schema (`npm run manifest` takes types, defaults and whether an option is required from the schema itself).
 * Typed over the schema's keys, so an option added without a description, or removed with one left behind,
 * fails the typecheck.
 */
export const OPTION_DESCRIPTIONS: Record<OptionName, string> = {
  baseUrl: "Base URL of the financing service, without the /v2 prefix.",
  username: "Username the service operator issued to the store, used to obtain a token.",
  password: "Password the service operator issued to the store. Never logged or returned to a browser.",
  storeCode:
    "The store's code at the financing service, sent with every application (of the sales channels no location lists).",
  backendUrl:
    "Public URL of this Medusa backend; the service posts status changes to /hooks/retail-financing/... on it.",
  callbackSecret:
    "At least 32 characters; the key of the per-session proof in each status-callback URL (which authenticates the service's callbacks to this backend) and of the seal on prepared applications.",
  returnUrl:
    "Storefront page the shopper returns to after signing; must contain {cart_id} and use an allowed origin.",
  cancelUrl:
    "Storefront page the shopper returns to after leaving without signing; must contain {cart_id} and use an allowed origin.",
  allowedRedirectOrigins:
    "Storefront origins (scheme://host[:port], such as https://shop.example.com) the shopper may be sent back to.",
  minAmount: "Smallest cart total, in dollars, offered financing; at most maxAmount.",
  maxAmount: "Largest cart total, in dollars, offered financing.",
  nonLeasable:
    "{ productTypes?, productTags?, collections?, categories? }: products the lender cannot lease, by type value, tag value, collection handle or category handle (a category's descendants too). Gift cards and products whose metadata has retail_financing_leasable: false are never leased either.",
  locations:
    "[{ storeCode, salesChannelIds, username?, password?, minAmount?, maxAmount? }]: a store code per location for a retailer with several. Carts and orders of the listed sales channels are financed under that store code, with its own credentials and limits when given (else the top-level ones); every other sales channel uses the top-level storeCode. A sales channel may be in one location only.",
  allowedStates: "2-letter US state codes where financing is offered; all states when unset.",
  timeoutMs: "Timeout of one request to the financing service, in milliseconds (1000 to 120000).",
  maxRetries:
    "Retries of a failed read or idempotent write (0 to 5); an application creation is never re-sent.",
  storeName:
    "Store name printed on generated invoices, at most 100 characters; when unset, the store code the contract was made under.",
  storeAddress:
    "{ street, street2?, city, state, zip, phone? } printed on invoices, and the delivery address of orders handed over in the store (Direct).",
  invoiceOn:
    'When the generated invoice PDF is uploaded: "fulfillment" (the first fulfillment) or "order_placed".',
  invoiceMaxBytes: "Largest invoice file a merchant may upload from the admin, in bytes (1 KiB to 50 MiB).",
  carriers:
    "The operator's closed list of carrier codes (spec 2.7); ask the operator for it. Without it, delivery information is sent without a carrier.",
  carrierMap:
    "Maps a fulfillment's data.carrier, fulfillment provider id or shipping option name to a code in carriers. Unknown carriers are omitted, never guessed.",
  directDeliveryTypes:
    "Fulfillment set types or shipping option type codes reported as method Direct (hand-over) instead of Shipped.",
  returnAgent: "{ name?, email?, phone? } sent with every return request as the store's contact.",
  returnReasonMap:
    "Maps a Medusa return reason (value or id) to the public id of one of the service's return reasons (endpoint 12).",
  asLowAsCacheSeconds:
    'Seconds an "as low as" offer is reused for an amount, by this server and by browsers (Cache-Control); 0 to 86400, 0 turns the cache off.',
  reconcileSchedule:
    "Cron schedule of the reconciliation job (lost callbacks, open returns); every five minutes by default. Runs in Medusa's worker, once per tick across the deployment with the Redis workflow engine.",
  sendActionsSchedule:
    "Cron schedule of the job that sends due post-sale actions (retries, released returns, sends a stopped process left); every minute by default.",
  callbackAnswerWithinMs:
    "Milliseconds a status callback waits for its sync before it is answered 202 while the sync carries on (100 to 120000); keep it under the service's callback timeout.",
  inStorePaymentInstructions:
    'How a shopper pays the store the part of an order a contract does not cover (its totalInStorePayment), shown after the amount owed on the return page, e.g. "Pay it at the counter when you pick up your order."; at most 300 characters. When unset the shopper reads that the store will contact them.',
}
