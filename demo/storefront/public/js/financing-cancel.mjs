/* global window, document, URLSearchParams */

/*
 * The plugin's cancelUrl: the shopper left the financing service's page without signing, or was declined.
 * The plugin's answer for the cart says which (read from its ledger, so it holds when the session is gone);
 * the cart is kept for another try or another way to pay.
 */

import { FALLBACK_MESSAGE, cartFinancing } from "./cart-financing.mjs"
import { element } from "./store.mjs"

async function explain() {
  const status = document.getElementById("status")
  const id = new URLSearchParams(window.location.search).get("cart_id")
  let text = "You left the financing page without signing. Your cart is saved."
  if (id) {
    try {
      const answer = await cartFinancing(id)
      // An application still open here is one the shopper left: the default sentence says so better.
      if (answer.state !== "not_started") text = answer.message
    } catch {
      text = FALLBACK_MESSAGE
    }
  }
  status.replaceChildren(
    element("p", { "data-testid": "cancel-reason", text }),
    element("p", {}, element("a", { class: "button primary", href: "/checkout", text: "Back to checkout" }))
  )
}

void explain()
