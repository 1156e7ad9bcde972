/* global window, document, URLSearchParams */

/*
 * The order confirmation: the order number, how it is paid and, for an order paid over time, what happens
 * next and who the shopper pays; then what was bought, the totals and where it goes. Ids stay in the URL:
 * the page shows the order number a person can quote.
 */

import { cartFinancing } from "./cart-financing.mjs"
import { FINANCING_PROVIDER_ID, api, cents, element, money, showError } from "./store.mjs"

// The order's payments are not among the store API's default order fields.
const ORDER_FIELDS = "*payment_collections.payments"

/**
 * The order's financing, or null when it is not paid over time. The amount financed is what the contract
 * was signed for (the plugin keeps it on the payment as signedInvoiceCents), else the payment's amount.
 */
function financingOf(order) {
  const payment = (order.payment_collections ?? [])
    .flatMap((collection) => collection.payments ?? [])
    .find((candidate) => candidate.provider_id === FINANCING_PROVIDER_ID && !candidate.canceled_at)
  if (!payment) return null
  const signed = payment.data?.signedInvoiceCents
  return { amountCents: Number.isInteger(signed) && signed > 0 ? signed : cents(payment.amount) }
}

function deliveryLine(order) {
  const address = order.shipping_address ?? {}
  const name = [address.first_name, address.last_name].filter(Boolean).join(" ")
  const place = [
    address.address_1,
    address.city,
    `${(address.province ?? "").toUpperCase()} ${address.postal_code ?? ""}`,
  ]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(", ")
  return [name, place].filter(Boolean).join(", ")
}

/**
 * What the shopper still owes the store for this order, from the plugin's answer for the cart (the return
 * page passes the cart id along): null when the contract covers it all, undefined when it cannot be known.
 */
async function inStorePaymentOf(cartIdParam) {
  if (!cartIdParam) return undefined
  try {
    return (await cartFinancing(cartIdParam)).in_store_payment ?? null
  } catch {
    return undefined
  }
}

/** For an order paid over time: that it is, for how much, and what the shopper can expect from whom. */
function financingSection(order, financing, inStore) {
  const phone = order.billing_address?.phone
  return element(
    "section",
    { class: "financed", "data-testid": "order-financing" },
    element("h2", { text: "Paid with financing" }),
    element("p", {
      text:
        "You chose Pay over time and signed a contract with our financing partner: the partner pays " +
        "Oak & Linen for this order, and you pay the partner in monthly payments.",
    }),
    element(
      "p",
      { class: "financed-amount" },
      "Contract amount: ",
      element("strong", { "data-testid": "order-financed-amount", text: money(financing.amountCents / 100) })
    ),
    // The partner lends the contract less what the shopper pays the store: "financed" must not say more.
    inStore
      ? element(
          "p",
          { class: "financed-amount", "data-testid": "order-borrowed-amount" },
          `Financed by the partner: ${money((financing.amountCents - cents(inStore.amount)) / 100)}; ` +
            `you pay the store: ${money(cents(inStore.amount) / 100)}.`
        )
      : null,
    element("h3", { text: "What happens next" }),
    element(
      "ol",
      { class: "next-steps" },
      element("li", {
        // "Nothing more" only when the plugin says the contract covers the whole order.
        text:
          `We prepare your order and ship it to ${deliveryLine(order)}.` +
          (inStore === null ? " You pay nothing more to Oak & Linen." : ""),
      }),
      inStore ? element("li", { "data-testid": "order-in-store-payment", text: inStore.message }) : null,
      element("li", {
        text:
          "Once it has shipped, we send the financing partner the invoice and the delivery details, and the " +
          "partner pays us. There is nothing for you to do.",
      }),
      element("li", {
        text:
          "Your payments are with the financing partner, not with us. Look for their email to " +
          `${order.email}${phone ? ` and their text message to ${phone}` : ""}: it has your signed ` +
          "contract, your payment schedule and how to pay. Questions about payments, due dates or paying " +
          "early go to the partner.",
      })
    ),
    element("p", {
      class: "note",
      text: "Returning something? Contact us: we tell the financing partner, who adjusts your contract.",
    })
  )
}

function totals(order) {
  const row = (label, amount, testId) =>
    element(
      "tr",
      {},
      element("th", { text: label }),
      element("td", { class: "amount", "data-testid": testId, text: money(amount) })
    )
  return element(
    "table",
    { class: "lines" },
    element(
      "tbody",
      {},
      ...(order.items ?? []).map((item) => row(`${item.product_title} × ${item.quantity}`, item.subtotal))
    ),
    element(
      "tfoot",
      {},
      row("Subtotal", order.item_subtotal),
      row("Shipping", order.shipping_subtotal),
      order.discount_subtotal ? row("Discount", -order.discount_subtotal) : null,
      row("Sales tax", order.tax_total),
      row("Total", order.total, "order-total")
    )
  )
}

async function showOrder() {
  const section = document.getElementById("order")
  const orderId = new URLSearchParams(window.location.search).get("order_id")
  try {
    if (!orderId) throw new Error("This page needs an order.")
    const { order } = await api(`/store/orders/${encodeURIComponent(orderId)}?fields=${ORDER_FIELDS}`)
    const financing = financingOf(order)
    const inStore = financing
      ? await inStorePaymentOf(new URLSearchParams(window.location.search).get("cart_id"))
      : undefined
    const parts = [
      element("h1", { text: "Thank you, your order is placed" }),
      element("p", { class: "lead", "data-testid": "order-number", text: `Order #${order.display_id}` }),
      element("p", {
        text: `A confirmation goes to ${order.email}. Quote your order number if you contact us.`,
      }),
      financing ? financingSection(order, financing, inStore) : null,
      element("h2", { text: "Your order" }),
      totals(order),
      financing ? null : element("p", { text: `Delivering to ${deliveryLine(order)}` }),
      element("p", {}, element("a", { href: "/", text: "Continue shopping" })),
    ]
    section.replaceChildren(...parts.filter(Boolean))
  } catch (error) {
    showError(section, error)
  } finally {
    section.removeAttribute("aria-busy")
  }
}

void showOrder()
