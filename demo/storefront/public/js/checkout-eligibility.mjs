/*
 * Whether Pay over time can be offered for the cart, asked before the shopper clicks: the plugin's
 * GET /store/retail-financing/eligibility answers `eligible` and, when not, each reason as a sentence for
 * the shopper with the cart field it is about. The checkout asks again each time it is drawn, which is
 * after every change the shopper saves (address and phone, shipping, promotion code, quantities).
 */

import { api, element } from "./store.mjs"

/**
 * `{ eligible, reasons }`, or null when the store cannot say: a backend without the route (404), or the
 * check failed. The option is then offered as before, and starting the session checks the cart anyway.
 */
export async function financingEligibility(cartId) {
  try {
    const answer = await api(`/store/retail-financing/eligibility?cart_id=${encodeURIComponent(cartId)}`)
    if (typeof answer.eligible !== "boolean") return null
    return { eligible: answer.eligible, reasons: Array.isArray(answer.reasons) ? answer.reasons : [] }
  } catch {
    return null
  }
}

/** The reasons Pay over time is not offered for; none when it is, or when the store cannot say. */
export function reasonsAgainst(eligibility) {
  return eligibility && !eligibility.eligible ? eligibility.reasons : []
}

/**
 * The name of the checkout input a reason's field is typed into: the address step fills the shipping and
 * the billing address from one form, so `billing_address.phone` and `shipping_address.phone` are both the
 * input named `phone`. Null for a field no input holds (`total`, a country).
 */
export function inputNameOf(field) {
  if (field === "email") return "email"
  const match = /^(?:billing|shipping)_address\.([a-z_0-9]+)$/.exec(field ?? "")
  return match && match[1] !== "country_code" ? match[1] : null
}

/**
 * Marks each input of `form` a reason is about: aria-invalid, and the reason's sentence under it, read
 * with the input. Typing in it takes the mark off: the shopper is fixing it, and saving checks again.
 */
export function markFields(form, reasons) {
  for (const reason of reasons) {
    const name = inputNameOf(reason.field)
    const input = name && form.querySelector(`[name="${name}"]`)
    if (!input || input.getAttribute("aria-invalid") === "true") continue
    const problem = element("span", {
      class: "field-problem",
      id: `${input.id}-problem`,
      "data-testid": `field-problem-${name}`,
      text: reason.message,
    })
    input.setAttribute("aria-invalid", "true")
    input.setAttribute("aria-describedby", problem.id)
    input.after(problem)
    input.addEventListener(
      "input",
      () => {
        input.removeAttribute("aria-invalid")
        input.removeAttribute("aria-describedby")
        problem.remove()
      },
      { once: true }
    )
  }
}

/** The list under the Pay over time option: why it is not offered, one sentence per reason. */
export function reasonsList(reasons) {
  if (reasons.length === 0) return null
  return element(
    "div",
    { class: "financing-unavailable", id: "financing-reasons", "data-testid": "financing-reasons" },
    element("p", { text: "Pay over time is not available for this order:" }),
    element("ul", {}, ...reasons.map((reason) => element("li", { text: reason.message })))
  )
}
