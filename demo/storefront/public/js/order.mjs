/* global window, document, URLSearchParams */

// The order confirmation: what was bought, the totals and where it goes.

import { api, element, money, showError } from "./store.mjs"

async function showOrder() {
  const section = document.getElementById("order")
  const orderId = new URLSearchParams(window.location.search).get("order_id")
  try {
    if (!orderId) throw new Error("This page needs an order.")
    const { order } = await api(`/store/orders/${encodeURIComponent(orderId)}`)
    const address = order.shipping_address ?? {}
    const row = (label, amount) =>
      element(
        "tr",
        {},
        element("th", { text: label }),
        element("td", { class: "amount", text: money(amount) })
      )
    section.replaceChildren(
      element("h1", { text: "Thank you, your order is placed" }),
      element("p", { class: "lead", "data-testid": "order-number", text: `Order #${order.display_id}` }),
      element("p", { text: `A confirmation goes to ${order.email}.` }),
      element(
        "table",
        { class: "lines" },
        element(
          "tbody",
          {},
          ...(order.items ?? []).map((item) =>
            element(
              "tr",
              {},
              element("th", { text: `${item.product_title} × ${item.quantity}` }),
              element("td", { class: "amount", text: money(item.subtotal) })
            )
          )
        ),
        element(
          "tfoot",
          {},
          row("Subtotal", order.item_subtotal),
          row("Shipping", order.shipping_subtotal),
          order.discount_subtotal ? row("Discount", -order.discount_subtotal) : null,
          row("Sales tax", order.tax_total),
          element(
            "tr",
            {},
            element("th", { text: "Total" }),
            element("td", { class: "amount", "data-testid": "order-total", text: money(order.total) })
          )
        )
      ),
      element("p", {
        text: `Delivering to ${address.first_name ?? ""} ${address.last_name ?? ""}, ${address.address_1 ?? ""}, ${address.city ?? ""}, ${(address.province ?? "").toUpperCase()} ${address.postal_code ?? ""}`,
      }),
      element("p", {}, element("a", { href: "/", text: "Continue shopping" }))
    )
  } catch (error) {
    showError(section, error)
  } finally {
    section.removeAttribute("aria-busy")
  }
}

void showOrder()
