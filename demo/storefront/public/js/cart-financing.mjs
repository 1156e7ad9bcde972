/* global setTimeout */

/*
 * Where a cart's financing stands, from the plugin's ledger (GET /store/retail-financing/carts/:id/financing):
 * it answers even when Medusa has deleted the payment session, and its `message` is written for the shopper,
 * so the pages show it as it is and never an error's raw text.
 */

import { api } from "./store.mjs"

export const FALLBACK_MESSAGE =
  "We could not check your financing just now. Please reload this page in a moment."

export async function cartFinancing(id) {
  return api(`/store/retail-financing/carts/${encodeURIComponent(id)}/financing`)
}

/** Asks again while the order is being made, up to `attempts` times; the last answer otherwise. */
export async function settledCartFinancing(id, onWaiting, attempts = 15) {
  for (let attempt = 1; ; attempt++) {
    const answer = await cartFinancing(id)
    if (answer.state !== "waiting" || attempt >= attempts) return answer
    onWaiting(answer)
    await new Promise((resolve) => setTimeout(resolve, answer.retry_after_ms ?? 2_000))
  }
}
