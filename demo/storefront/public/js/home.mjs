/* global document */

// The home page: every product in the store, with its price in the demo's region.

import { api, config, element, money, priceOf, showError } from "./store.mjs"

async function showProducts() {
  const list = document.getElementById("products")
  try {
    const { products } = await api(
      `/store/products?region_id=${config.regionId}&fields=*variants.calculated_price&order=created_at`
    )
    list.replaceChildren(
      ...products.map((product) =>
        element(
          "li",
          { class: "product-card" },
          element(
            "a",
            { href: `/products/${product.handle}` },
            element("span", { class: "swatch", "aria-hidden": "true", text: product.title.slice(0, 1) }),
            element("span", { class: "title", text: product.title }),
            element("span", { class: "price", text: money(priceOf(product)) })
          )
        )
      )
    )
  } catch (error) {
    showError(list, error)
  } finally {
    list.removeAttribute("aria-busy")
  }
}

void showProducts()
