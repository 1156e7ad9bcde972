/* global window, document, setTimeout, URLSearchParams */

/*
 * The plugin's returnUrl: the shopper signed (or left) on the financing service's page. Completing the
 * cart returns the order, whether the service's callback already made it or not; an unsigned contract
 * leaves the cart as it was, and the shopper goes back to payment.
 */

import { FALLBACK_MESSAGE, settledCartFinancing } from "./cart-financing.mjs"
import { api, cartId, element } from "./store.mjs"

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
  // Completing makes the order when the service's callback has not yet; whatever it answers, what the
  // shopper reads comes from the plugin's answer, which never carries Medusa's raw error or an id.
  const result = await completeCart(id).catch(() => null)
  try {
    // Asked even when completing returned an order: a cart paid another way in a second tab returns its
    // order too, and the shopper who then signed must read that the contract is void, not a confirmation.
    const answer = await settledCartFinancing(id, (waiting) => show(status, waiting, false))
    if (answer.state === "order_placed") return confirmed(answer.order.id, id)
    if (answer.state === "signed_no_order" && answer.order) return paidAnotherWay(status, answer, id)
    document.querySelector("h1").textContent =
      answer.state === "waiting" ? "Completing your order…" : "Your order was not placed"
    show(status, answer, answer.state !== "waiting")
  } catch {
    if (result?.type === "order") return confirmed(result.order.id, id)
    status.replaceChildren(element("p", { "data-testid": "financing-message", text: FALLBACK_MESSAGE }))
  }
}

function paidAnotherWay(status, answer, id) {
  cartId.clear()
  document.querySelector("h1").textContent = "Your order is already placed"
  status.replaceChildren(
    element("p", { "data-testid": "financing-message", "data-state": answer.state, text: answer.message }),
    element(
      "p",
      {},
      element("a", {
        class: "button primary",
        href: `/order/confirmed?order_id=${answer.order.id}&cart_id=${encodeURIComponent(id)}`,
        text: `See order #${answer.order.display_id}`,
      })
    )
  )
}

function confirmed(orderId, id) {
  // This browser's cart is now an order; the next purchase starts a new one.
  cartId.clear()
  window.location.replace(`/order/confirmed?order_id=${orderId}&cart_id=${encodeURIComponent(id)}`)
}

function show(status, answer, backToCheckout) {
  status.replaceChildren(
    element("p", { "data-testid": "financing-message", "data-state": answer.state, text: answer.message }),
    ...(backToCheckout
      ? [
          element(
            "p",
            {},
            element("a", { class: "button primary", href: "/checkout", text: "Back to checkout" })
          ),
        ]
      : [])
  )
}

void complete()
