/* global document */

/*
 * Checkout on one page, in the order a shopper fills it: contact and address, shipping, a promotion code,
 * payment, with the order summary and its "As low as" message beside. Each step saves on the cart through
 * Medusa's store API, then the page is drawn again from the cart as the API returns it, with the plugin's
 * answer on whether Pay over time can be offered for it (asked again on every drawing).
 */

import { addressStep } from "./checkout-address.mjs"
import { financingEligibility, reasonsAgainst } from "./checkout-eligibility.mjs"
import { paymentStep } from "./checkout-payment.mjs"
import { api, asLowAs, element, money, retrieveCart, showError } from "./store.mjs"

async function shippingStep(cart, { refresh, run }) {
  const section = element(
    "section",
    { class: "step", id: "shipping-step" },
    element("h2", { text: "2. Shipping" })
  )
  if (!cart.shipping_address?.address_1) {
    section.append(element("p", { class: "note", text: "Enter your address first." }))
    return section
  }
  const { shipping_options: options } = await api(`/store/shipping-options?cart_id=${cart.id}`)
  const chosen = cart.shipping_methods?.[0]?.shipping_option_id
  const choose = (option) =>
    run(section, async () => {
      await api(`/store/carts/${cart.id}/shipping-methods`, {
        method: "POST",
        body: { option_id: option.id },
      })
      await refresh()
    })
  section.append(
    element(
      "fieldset",
      {},
      element("legend", { text: "Delivery method" }),
      ...options.map((option) =>
        element(
          "label",
          { class: "choice" },
          element("input", {
            type: "radio",
            name: "shipping_option",
            value: option.id,
            checked: option.id === chosen,
            onchange: () => choose(option),
          }),
          ` ${option.name} `,
          element("span", {
            class: "amount",
            text: money(option.calculated_price?.calculated_amount ?? option.amount),
          })
        )
      )
    ),
    element("div", { class: "errors" })
  )
  return section
}

function promotionStep(cart, { refresh, run }) {
  const input = element("input", {
    id: "promo-code",
    name: "code",
    autocomplete: "off",
    placeholder: "DEMO10",
  })
  const applied = (cart.promotions ?? []).filter((promotion) => promotion.code && !promotion.is_automatic)
  const remove = (code) =>
    run(form, async () => {
      await api(`/store/carts/${cart.id}/promotions`, { method: "DELETE", body: { promo_codes: [code] } })
      await refresh()
    })
  const form = element(
    "form",
    { class: "step", id: "promotion-step" },
    element("h2", { text: "3. Promotion code" }),
    element(
      "p",
      { class: "inline" },
      element("label", { for: "promo-code", text: "Promotion code" }),
      input,
      element("button", { type: "submit", text: "Apply" })
    ),
    ...applied.map(({ code }) =>
      element(
        "p",
        { class: "applied", "data-testid": "applied-promotion" },
        `${code} applied `,
        element("button", { type: "button", class: "link", text: "Remove", onclick: () => remove(code) })
      )
    ),
    element("div", { class: "errors" })
  )
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    const code = input.value.trim().toUpperCase()
    if (!code) return
    void run(form, async () => {
      const { cart: updated } = await api(`/store/carts/${cart.id}/promotions`, {
        method: "POST",
        body: { promo_codes: [code] },
      })
      // Medusa leaves out a code it cannot apply rather than refusing the request.
      if (!(updated.promotions ?? []).some((promotion) => promotion.code === code)) {
        throw new Error(`The code ${code} is not valid for this cart.`)
      }
      await refresh()
    })
  })
  return form
}

/** `reasons`: why Pay over time is not offered; one about the total marks the total. */
function summary(cart, reasons) {
  const row = (label, amount, testId, flagged = false) =>
    element(
      "tr",
      { class: flagged ? "flagged" : undefined },
      element("th", { text: label }),
      element("td", { class: "amount", "data-testid": testId, text: money(amount) })
    )
  const items = [...(cart.items ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at))
  return element(
    "aside",
    { class: "summary", id: "summary" },
    element("h2", { text: "Your order" }),
    element(
      "table",
      { class: "lines" },
      element(
        "tbody",
        {},
        ...items.map((item) => row(`${item.product_title} × ${item.quantity}`, item.subtotal))
      ),
      element(
        "tfoot",
        {},
        row("Subtotal", cart.item_subtotal, "summary-subtotal"),
        row("Shipping", cart.shipping_subtotal, "summary-shipping"),
        // Before tax, as the lines above it: the tax line is worked out on the discounted amounts.
        cart.discount_subtotal ? row("Discount", -cart.discount_subtotal, "summary-discount") : null,
        row("Sales tax", cart.tax_total, "summary-tax"),
        row(
          "Total",
          cart.total,
          "summary-total",
          reasons.some((reason) => reason.field === "total")
        )
      )
    ),
    // No offer for a cart the lender cannot lease: the payment step says what to remove instead.
    reasons.some((reason) => reason.code === "items_not_leasable")
      ? null
      : element("div", { class: "as-low-as", "data-testid": "checkout-as-low-as" }, asLowAs(cart.total))
  )
}

/** Runs a step's request with its controls disabled; a refusal is shown in that step. */
async function run(container, task) {
  const errors = container.querySelector(".errors")
  const controls = [...container.querySelectorAll("button, input, select")]
  controls.forEach((control) => (control.disabled = true))
  errors?.replaceChildren()
  try {
    await task()
  } catch (error) {
    controls.forEach((control) => (control.disabled = false))
    if (errors) showError(errors, error)
  }
}

async function refresh() {
  const root = document.getElementById("checkout")
  const cart = await retrieveCart()
  if (!cart || !(cart.items ?? []).length) {
    root.replaceChildren(
      element("p", {}, "Your cart is empty. ", element("a", { href: "/", text: "Continue shopping" }))
    )
    return
  }
  const actions = { refresh, run }
  const eligibility = financingEligibility(cart.id)
  const [shipping, payment, reasons] = await Promise.all([
    shippingStep(cart, actions),
    eligibility.then((answer) => paymentStep(cart, actions, answer)),
    eligibility.then(reasonsAgainst),
  ])
  root.replaceChildren(
    element(
      "div",
      { class: "checkout-steps" },
      addressStep(cart, actions, reasons),
      shipping,
      promotionStep(cart, actions),
      payment
    ),
    summary(cart, reasons)
  )
}

refresh()
  .catch((error) => showError(document.getElementById("checkout"), error))
  .finally(() => document.getElementById("checkout").removeAttribute("aria-busy"))
