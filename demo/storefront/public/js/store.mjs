/* global window, document, fetch, localStorage, URLSearchParams */

/*
 * What every page of the demo storefront shares: calls to Medusa's store API (with the publishable key),
 * the cart kept in localStorage, money formatting, the header, and the plugin's "As low as" element.
 */

export const config = window.DEMO_CONFIG
const CART_KEY = "oak-and-linen-cart"
export const FINANCING_PROVIDER_ID = "pp_retail-financing_retail-financing"
export const SYSTEM_PROVIDER_ID = "pp_system_default"
// Left out of the store's defaults: line subtotals, the shipping method's name, and the payment session's
// data, whose applicationStatus tells the cancel page why the shopper is back.
const CART_FIELDS = "+items.subtotal,+shipping_methods.name,+payment_collection.payment_sessions.data"

const LANGUAGE_KEY = "oak-and-linen-language"

/**
 * `?lang=es` on any page (kept for the visit; `?lang=en` goes back): the page's `lang`, which the "As low
 * as" element follows, and the locale the store API is asked in, so the plugin's sentences come back in
 * Spanish. The demo's own words stay English: it shows what the plugin says, not a translated store.
 */
const chosenLanguage = new URLSearchParams(window.location.search).get("lang")
if (chosenLanguage) localStorage.setItem(LANGUAGE_KEY, chosenLanguage)
document.documentElement.lang = localStorage.getItem(LANGUAGE_KEY) || "en"

class ApiError extends Error {
  constructor(message, status) {
    super(message)
    this.status = status
  }
}

/** A refused request throws with Medusa's message, which for financing is a sentence meant for the shopper. */
export async function api(path, { method = "GET", body } = {}) {
  // Medusa reads a request's locale from this header (what the js-sdk sends when a locale is set).
  const headers = {
    "x-publishable-api-key": config.publishableKey,
    "x-medusa-locale": document.documentElement.lang,
  }
  if (body !== undefined) headers["content-type"] = "application/json"
  const response = await fetch(`${config.backendUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = await response.json().catch(() => ({}))
  if (!response.ok) {
    throw new ApiError(data.message || `${method} ${path} answered ${response.status}`, response.status)
  }
  return data
}

/** A product's price in the demo's region: its first (and only) variant's. */
export function priceOf(product) {
  return product.variants?.[0]?.calculated_price?.calculated_amount ?? 0
}

export function money(amount) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount ?? 0)
}

/**
 * An amount of Medusa's (dollars, sometimes with fractions of a cent: 2142.37575) in whole cents, so that
 * sums and differences the pages work out are exact.
 */
export function cents(amount) {
  return Math.round(Number(amount ?? 0) * 100)
}

export const cartId = {
  get: () => localStorage.getItem(CART_KEY),
  set: (id) => localStorage.setItem(CART_KEY, id),
  clear: () => localStorage.removeItem(CART_KEY),
}

export async function retrieveCart(id = cartId.get()) {
  if (!id) return null
  try {
    const { cart } = await api(`/store/carts/${id}?fields=${CART_FIELDS}`)
    // A completed cart became an order: the next purchase needs a new one.
    if (cart.completed_at) {
      cartId.clear()
      return null
    }
    return cart
  } catch (error) {
    if (error.status === 404) {
      cartId.clear()
      return null
    }
    throw error
  }
}

export async function addToCart(variantId, quantity) {
  let id = cartId.get()
  if (id && !(await retrieveCart(id))) id = null
  if (!id) {
    const { cart } = await api("/store/carts", { method: "POST", body: { region_id: config.regionId } })
    id = cart.id
    cartId.set(id)
  }
  await api(`/store/carts/${id}/line-items`, { method: "POST", body: { variant_id: variantId, quantity } })
  await renderHeader()
}

export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue
    if (name === "text") node.textContent = value
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value)
    else node.setAttribute(name, value === true ? "" : String(value))
  }
  node.append(...children.filter((child) => child !== null && child !== undefined))
  return node
}

/**
 * The plugin's web component, used as its README shows: its script is served by the Medusa backend (a
 * module script from another origin, which the backend allows). Until the script has run, or if the
 * backend does not serve it, the element is unknown to the browser and shows nothing. `amount` is the
 * figure the page shows in bold above the message (docs/demo.md, "As low as"), so the two always agree.
 * `productId` on a product page: the element shows nothing for a product the lender cannot lease.
 */
export function asLowAs(amount, productId) {
  if (!document.querySelector("script[data-as-low-as]")) {
    document.head.append(
      element("script", {
        type: "module",
        src: `${config.backendUrl}/retail-financing/as-low-as.js`,
        "data-as-low-as": true,
      })
    )
  }
  return element("retail-financing-as-low-as", {
    amount: Number(amount).toFixed(2),
    ...(productId && { "product-id": productId }),
    "backend-url": config.backendUrl,
    "publishable-key": config.publishableKey,
    "learn-more-url": "/financing",
  })
}

export async function renderHeader() {
  const header = document.getElementById("site-header")
  if (!header) return
  const cart = await retrieveCart().catch(() => null)
  const count = (cart?.items ?? []).reduce((sum, item) => sum + item.quantity, 0)
  header.replaceChildren(
    element(
      "p",
      { class: "demo-banner" },
      "Retail financing demo: pay over time is served by the local sandbox. ",
      element("a", { href: config.adminUrl, target: "_blank", text: "Open the admin" }),
      " · ",
      element("a", {
        href: config.sandboxUrl + "/sandbox/applications",
        target: "_blank",
        text: "Sandbox applications",
      })
    ),
    ...locationBanner(),
    element(
      "nav",
      {},
      element("a", {
        href: "/",
        class: "brand",
        text: config.location?.brand ?? "Oak & Linen",
      }),
      element("a", { href: "/cart", "data-testid": "cart-link", text: `Cart (${count})` })
    )
  )
}

/**
 * With DEMO_LOCATIONS=2 each storefront is one location's, with its own publishable key (so its carts are
 * in its sales channel): the banner says under which store code its Pay over time goes, and links to the
 * other. Nothing (an empty list) without it.
 */
function locationBanner() {
  const { location } = config
  if (!location) return []
  return [
    element(
      "p",
      { class: "demo-banner location", "data-testid": "location-banner" },
      `${location.name}: Pay over time goes under store code ${location.storeCode}` +
        (location.maxAmount ? `, for orders up to ${money(location.maxAmount)}. ` : ". "),
      element("a", { href: location.other.url, text: location.other.label })
    ),
  ]
}

export function showError(target, error) {
  target.replaceChildren(
    element("p", { class: "error", role: "alert", text: error.message ?? String(error) })
  )
}

renderHeader().catch(() => undefined)
