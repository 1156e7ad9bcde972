/* global window, document */

// A product page: price, description, the plugin's "As low as" message and Add to cart.

import { addToCart, api, asLowAs, config, element, money, priceOf, showError } from "./store.mjs"

async function showProduct() {
  const article = document.getElementById("product")
  const handle = decodeURIComponent(window.location.pathname.split("/").pop())
  try {
    const { products } = await api(
      `/store/products?handle=${encodeURIComponent(handle)}&region_id=${config.regionId}` +
        "&fields=*variants.calculated_price"
    )
    const product = products[0]
    if (!product) {
      article.replaceChildren(element("h1", { text: "This product is not in the store" }))
      return
    }
    document.title = `${product.title} · Oak & Linen`
    const price = priceOf(product)
    const status = element("p", { class: "status", role: "status" })
    const add = element("button", {
      type: "button",
      class: "primary",
      text: "Add to cart",
      onclick: async () => {
        add.disabled = true
        try {
          await addToCart(product.variants[0].id, 1)
          window.location.assign("/cart")
        } catch (error) {
          showError(status, error)
          add.disabled = false
        }
      },
    })
    article.replaceChildren(
      element("span", { class: "swatch large", "aria-hidden": "true", text: product.title.slice(0, 1) }),
      element(
        "div",
        { class: "details" },
        element("h1", { text: product.title }),
        element("p", { class: "price", "data-testid": "product-price", text: money(price) }),
        element(
          "div",
          { class: "as-low-as", "data-testid": "product-as-low-as" },
          asLowAs(price, product.id)
        ),
        element("p", { text: product.description }),
        add,
        status
      )
    )
  } catch (error) {
    showError(article, error)
  } finally {
    article.removeAttribute("aria-busy")
  }
}

void showProduct()
