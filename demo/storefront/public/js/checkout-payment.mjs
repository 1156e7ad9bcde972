/* global window */

/*
 * Checkout step 4: how to pay. "Pay over time" starts the plugin's payment session (the plugin builds the
 * application from this cart on the server) and sends the shopper to the financing service's page. It is
 * offered only when the plugin's eligibility check (checkout-eligibility.mjs) does not say no; when it
 * does, the option is disabled and each reason is listed under it. A refusal at the session start comes
 * back as a sentence for the shopper, shown under the options. "Manual payment (test)" is Medusa's system
 * provider, there to show the other way to pay.
 */

import { reasonsAgainst, reasonsList } from "./checkout-eligibility.mjs"
import { FINANCING_PROVIDER_ID, SYSTEM_PROVIDER_ID, api, cartId, config, element } from "./store.mjs"

const LABELS = {
  [FINANCING_PROVIDER_ID]: "Pay over time",
  [SYSTEM_PROVIDER_ID]: "Manual payment (test)",
}

/**
 * With two locations (DEMO_LOCATIONS=2) two storefronts share one plugin configuration, whose returnUrl
 * and cancelUrl are the web store's: each asks for its own pages (an allowed origin), so the shopper comes
 * back to the storefront whose cart this is. One storefront leaves them to the configuration.
 */
function returnPages(cart, providerId) {
  if (providerId !== FINANCING_PROVIDER_ID || !config.location) return {}
  const page = (path) => `${window.location.origin}${path}?cart_id=${encodeURIComponent(cart.id)}`
  return {
    data: {
      return_url: page("/checkout/financing/return"),
      cancel_url: page("/checkout/financing/cancel"),
    },
  }
}

async function pay(cart, providerId) {
  // Medusa returns the cart's collection when it has one already.
  const { payment_collection: collection } = await api("/store/payment-collections", {
    method: "POST",
    body: { cart_id: cart.id },
  })
  const { payment_collection: updated } = await api(
    `/store/payment-collections/${collection.id}/payment-sessions`,
    { method: "POST", body: { provider_id: providerId, ...returnPages(cart, providerId) } }
  )
  if (providerId === FINANCING_PROVIDER_ID) {
    const session = updated.payment_sessions.find((candidate) => candidate.provider_id === providerId)
    // The service sends the shopper back to the plugin's returnUrl, or its cancelUrl.
    window.location.assign(session.data.link)
    return
  }
  const result = await api(`/store/carts/${cart.id}/complete`, { method: "POST" })
  if (result.type !== "order") throw new Error(result.error?.message ?? "The order could not be placed.")
  cartId.clear()
  window.location.assign(`/order/confirmed?order_id=${result.order.id}`)
}

/** The Pay over time choice: disabled, with why, when the eligibility check says it cannot be offered. */
function financingChoice(onChoose, reasons) {
  const unavailable = reasons.length > 0
  return [
    element(
      "label",
      { class: unavailable ? "choice unavailable" : "choice" },
      element("input", {
        type: "radio",
        name: "payment_provider",
        value: FINANCING_PROVIDER_ID,
        disabled: unavailable,
        "aria-describedby": unavailable ? "financing-reasons" : undefined,
        onchange: onChoose,
      }),
      ` ${LABELS[FINANCING_PROVIDER_ID]}`,
      unavailable
        ? null
        : element("span", {
            class: "note",
            text: " Apply and sign with our financing partner, then come back here.",
          })
    ),
    reasonsList(reasons),
  ]
}

/** `eligibility`: checkout-eligibility.mjs's answer for this cart, or null when the store cannot say. */
export async function paymentStep(cart, { run }, eligibility) {
  const section = element(
    "section",
    { class: "step", id: "payment-step" },
    element("h2", { text: "4. Payment" })
  )
  if (!cart.shipping_methods?.length) {
    section.append(element("p", { class: "note", text: "Choose shipping first." }))
    return section
  }
  const { payment_providers: providers } = await api(`/store/payment-providers?region_id=${cart.region_id}`)
  const button = element("button", { type: "button", class: "primary", text: "Continue", disabled: true })
  const choose = (providerId) => {
    button.disabled = false
    button.textContent = providerId === FINANCING_PROVIDER_ID ? "Continue to Pay over time" : "Place order"
    button.onclick = () => run(section, () => pay(cart, providerId))
  }
  section.append(
    element(
      "fieldset",
      {},
      element("legend", { text: "How would you like to pay?" }),
      ...providers
        .filter((provider) => LABELS[provider.id])
        .flatMap((provider) =>
          provider.id === FINANCING_PROVIDER_ID
            ? financingChoice(() => choose(provider.id), reasonsAgainst(eligibility))
            : [
                element(
                  "label",
                  { class: "choice" },
                  element("input", {
                    type: "radio",
                    name: "payment_provider",
                    value: provider.id,
                    onchange: () => choose(provider.id),
                  }),
                  ` ${LABELS[provider.id]}`
                ),
              ]
        )
    ),
    button,
    element("div", { class: "errors" })
  )
  return section
}
