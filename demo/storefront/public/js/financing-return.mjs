/* global window, document, setTimeout, URLSearchParams */

/*
 * The plugin's returnUrl: the shopper signed (or left) on the financing service's page. Completing the
 * cart returns the order, whether the service's callback already made it or not; an unsigned contract
 * leaves the cart as it was, and the shopper goes back to payment.
 */

import { api, cartId, element, showError } from "./store.mjs"

/**
 * The service's callback may be making the order from this cart at this very moment: Medusa then answers
 * this request with an error for a while, and a second try a moment later gets the order.
 */
async function completeCart(id, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api(`/store/carts/${encodeURIComponent(id)}/complete`, { method: "POST" })
    } catch (error) {
      if (attempt >= attempts || (error.status && error.status < 409)) throw error
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
  }
}

async function complete() {
  const status = document.getElementById("status")
  const id = new URLSearchParams(window.location.search).get("cart_id")
  if (!id) {
    status.replaceChildren(
      element("p", { text: "This page needs a cart." }),
      element("a", { href: "/", text: "Back to the store" })
    )
    return
  }
  try {
    const result = await completeCart(id)
    if (result.type === "order") {
      // This browser's cart is now an order; the next purchase starts a new one.
      cartId.clear()
      window.location.replace(`/order/confirmed?order_id=${result.order.id}`)
      return
    }
    document.querySelector("h1").textContent = "Your contract is not signed yet"
    status.replaceChildren(
      element("p", {
        text: result.error?.message ?? "The financing service has not confirmed a signed contract.",
      }),
      element("p", {}, element("a", { class: "button primary", href: "/checkout", text: "Back to payment" }))
    )
  } catch (error) {
    document.querySelector("h1").textContent = "Your order could not be completed"
    showError(status, error)
    status.append(element("p", {}, element("a", { href: "/checkout", text: "Back to checkout" })))
  }
}

void complete()
