/* global window, document, URLSearchParams */

/*
 * The plugin's cancelUrl: the shopper left the financing service's page without signing, or was declined.
 * The payment session's application status says which; the cart is kept for another try or another way
 * to pay.
 */

import { element, FINANCING_PROVIDER_ID, retrieveCart, showError } from "./store.mjs"

const MESSAGES = {
  Declined: "Your application was not approved. Please choose another way to pay.",
  Ineligible: "Financing is not available for this order. Please choose another way to pay.",
  Expired: "Your application expired before it was signed. You can apply again.",
}

async function explain() {
  const status = document.getElementById("status")
  const id = new URLSearchParams(window.location.search).get("cart_id")
  try {
    const cart = id ? await retrieveCart(id) : null
    const session = (cart?.payment_collection?.payment_sessions ?? []).find(
      (candidate) => candidate.provider_id === FINANCING_PROVIDER_ID
    )
    const applicationStatus = session?.data?.applicationStatus
    status.replaceChildren(
      element("p", {
        "data-testid": "cancel-reason",
        text:
          MESSAGES[applicationStatus] ?? "You left the financing page without signing. Your cart is saved.",
      }),
      element("p", {}, element("a", { class: "button primary", href: "/checkout", text: "Back to checkout" }))
    )
  } catch (error) {
    showError(status, error)
  }
}

void explain()
