/* global document */

// The cart: lines with quantities, the total with the "As low as" message, and the way to checkout.

import { api, asLowAs, element, money, retrieveCart, renderHeader, showError } from "./store.mjs"

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
    element(
      "td",
      { class: "quantity-cell" },
      step(-1, "One fewer"),
      element("span", { text: item.quantity }),
      step(1, "One more")
    ),
    element("td", { class: "amount", text: money(item.unit_price * item.quantity) })
  )
}

function alertOf(error) {
  showError(document.getElementById("cart-errors"), error)
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
    section.replaceChildren(
      element(
        "table",
        { class: "lines" },
        element("tbody", {}, ...items.map((item) => line(cart, item))),
        element(
          "tfoot",
          {},
          element(
            "tr",
            {},
            element("th", { colspan: 2, text: "Subtotal" }),
            element("td", { class: "amount", text: money(cart.item_subtotal) })
          )
        )
      ),
      element("p", { class: "note", text: "Shipping and sales tax are added at checkout." }),
      element("div", { class: "as-low-as", "data-testid": "cart-as-low-as" }, asLowAs(cart.item_total)),
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
