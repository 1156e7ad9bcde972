/* global FormData */

// Checkout step 1: the shopper's email, phone and US address, saved on the cart for shipping and billing.

import { markFields } from "./checkout-eligibility.mjs"
import { api, element } from "./store.mjs"
import { US_STATES } from "./us-states.mjs"

/** One click fills the form for a person trying the demo; the browser test types instead. */
const SAMPLE_SHOPPER = {
  email: "jordan.rivera@example.com",
  phone: "512-555-0142",
  first_name: "Jordan",
  last_name: "Rivera",
  address_1: "1 Main St",
  address_2: "",
  city: "Austin",
  province: "TX",
  postal_code: "78701",
}

function field(name, label, attributes = {}) {
  const id = `checkout-${name}`
  return element(
    "p",
    { class: "field" },
    element("label", { for: id, text: label }),
    element("input", { id, name, required: true, ...attributes })
  )
}

function stateField() {
  return element(
    "p",
    { class: "field" },
    element("label", { for: "checkout-province", text: "State" }),
    element(
      "select",
      { id: "checkout-province", name: "province", required: true },
      element("option", { value: "", text: "Choose a state" }),
      ...Object.entries(US_STATES).map(([code, name]) => element("option", { value: code, text: name }))
    )
  )
}

function fill(form, values) {
  for (const [name, value] of Object.entries(values)) {
    const input = form.querySelector(`[name="${name}"]`)
    if (input && value !== undefined && value !== null) input.value = value
  }
}

/** `reasons`: why Pay over time is not offered; those about an input here mark it once an address is saved. */
export function addressStep(cart, { refresh, run }, reasons = []) {
  const form = element(
    "form",
    { id: "address-form", class: "step" },
    element("h2", { text: "1. Contact and delivery" }),
    element("button", {
      type: "button",
      class: "link",
      text: "Fill in a sample shopper",
      onclick: () => fill(form, SAMPLE_SHOPPER),
    }),
    element(
      "div",
      { class: "fields" },
      field("email", "Email", { type: "email", autocomplete: "email" }),
      field("phone", "Mobile phone", { type: "tel", autocomplete: "tel", placeholder: "512-555-0100" }),
      field("first_name", "First name", { autocomplete: "given-name" }),
      field("last_name", "Last name", { autocomplete: "family-name" }),
      field("address_1", "Street address", { autocomplete: "address-line1" }),
      field("address_2", "Apartment or suite (optional)", { autocomplete: "address-line2", required: false }),
      field("city", "City", { autocomplete: "address-level2" }),
      stateField(),
      field("postal_code", "ZIP code", { autocomplete: "postal-code", inputmode: "numeric" })
    ),
    element("p", { class: "note", text: "Delivery in the United States only." }),
    element("button", { type: "submit", class: "primary", text: "Continue to shipping" }),
    element("div", { class: "errors" })
  )
  const address = cart.shipping_address ?? {}
  fill(form, { ...address, email: cart.email, province: (address.province ?? "").toUpperCase() })
  // Before anything is saved every field is empty, and an empty form is not something to point at.
  if (address.address_1) markFields(form, reasons)

  form.addEventListener("submit", (event) => {
    event.preventDefault()
    const data = Object.fromEntries(new FormData(form))
    const saved = {
      first_name: data.first_name,
      last_name: data.last_name,
      phone: data.phone,
      address_1: data.address_1,
      address_2: data.address_2 || "",
      city: data.city,
      province: data.province,
      postal_code: data.postal_code,
      country_code: "us",
    }
    void run(form, async () => {
      // The applicant is the billing address: the same as the delivery address here.
      await api(`/store/carts/${cart.id}`, {
        method: "POST",
        body: { email: data.email, shipping_address: saved, billing_address: saved },
      })
      await refresh()
    })
  })
  return form
}
