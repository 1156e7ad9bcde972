/* global document */

// The cart: lines with quantities, the total with the "As low as" message, and the way to checkout.

import { api, asLowAs, cents, element, money, retrieveCart, renderHeader, showError } from "./store.mjs"
import { financingEligibility, reasonsAgainst } from "./checkout-eligibility.mjs"

async function changeQuantity(cart, item, quantity) {
  const path = `/store/carts/${cart.id}/line-items/${item.id}`
  if (quantity > 0) await api(path, { method: "POST", body: { quantity } })
  else await api(path, { method: "DELETE" })
  await renderHeader()
  await showCart()
}

function line(cart, item) {
  const step = (delta, label) =>
    element("button", {
      type: "button",
      class: "quantity",
      "aria-label": `${label} ${item.product_title}`,
      text: delta > 0 ? "+" : "−",
      onclick: () => changeQuantity(cart, item, item.quantity + delta).catch((error) => alertOf(error)),
    })
  return element(
    "tr",
    {},
    element("td", { text: item.product_title }),
    // The flex box inside the cell: a cell that is a flex box itself leaves the table's row lines.
    element(
      "td",
      {},
      element(
        "div",
        { class: "quantity-cell" },
        step(-1, "One fewer"),
        element("span", { text: item.quantity }),
        step(1, "One more")
      )
    ),
    element("td", { class: "amount", text: money((cents(item.unit_price) * item.quantity) / 100) })
  )
}

function alertOf(error) {
  showError(document.getElementById("cart-errors"), error)
}

/**
 * What the cart page shows, in cents: the items before any discount, the promotions' discount on them, and
 * what the items come to after it. All before tax: Medusa's item_total includes the sales tax it already
 * works out from the region, which this page does not show (the checkout does, with the shipping).
 */
function itemAmounts(cart) {
  const subtotalCents = cents(cart.item_subtotal)
  // Rounded once, on the difference: both figures carry fractions of a cent (2142.37575 and 163.27575).
  const totalCents = cents(Number(cart.item_total) - Number(cart.item_tax_total))
  return { subtotalCents, discountCents: subtotalCents - totalCents, totalCents }
}

function promotionCodes(cart) {
  const codes = (cart.promotions ?? []).map((promotion) => promotion.code).filter(Boolean)
  return codes.length ? codes.join(", ") : "promotion"
}

async function showCart() {
  const section = document.getElementById("cart")
  try {
    const cart = await retrieveCart()
    if (!cart || (cart.items ?? []).length === 0) {
      section.replaceChildren(
        element("p", { text: "Your cart is empty." }),
        element("p", {}, element("a", { href: "/", text: "Continue shopping" }))
      )
      return
    }
    const items = [...cart.items].sort((a, b) => a.created_at.localeCompare(b.created_at))
    const amounts = itemAmounts(cart)
    // What the cart holds can rule Pay over time out before any address is given (a protection plan the
    // lender cannot lease): the cart says so instead of an offer the checkout would then refuse.
    const notLeasable = reasonsAgainst(await financingEligibility(cart.id)).find(
      (reason) => reason.code === "items_not_leasable"
    )
    const row = (label, amount, testId) =>
      element(
        "tr",
        {},
        element("th", { colspan: 2, text: label }),
        element("td", { class: "amount", "data-testid": testId, text: money(amount / 100) })
      )
    section.replaceChildren(
      element(
        "table",
        { class: "lines" },
        element("tbody", {}, ...items.map((item) => line(cart, item))),
        element(
          "tfoot",
          {},
          ...(amounts.discountCents
            ? [
                row("Subtotal", amounts.subtotalCents, "cart-subtotal"),
                row(`Discount (${promotionCodes(cart)})`, -amounts.discountCents, "cart-discount"),
                row("Items total", amounts.totalCents, "cart-items-total"),
              ]
            : [row("Subtotal", amounts.subtotalCents, "cart-items-total")])
        )
      ),
      element("p", { class: "note", text: "Shipping and sales tax are added at checkout." }),
      // On the amount in bold above it: tax is not on this page, so it is not in this figure either.
      notLeasable
        ? element("p", {
            class: "financing-unavailable cart-not-leasable",
            "data-testid": "cart-not-leasable",
            text: notLeasable.message,
          })
        : element(
            "div",
            { class: "as-low-as", "data-testid": "cart-as-low-as" },
            asLowAs((amounts.totalCents / 100).toFixed(2))
          ),
      element("div", { id: "cart-errors" }),
      element("p", {}, element("a", { class: "button primary", href: "/checkout", text: "Checkout" }))
    )
  } catch (error) {
    showError(section, error)
  } finally {
    section.removeAttribute("aria-busy")
  }
}

void showCart()
