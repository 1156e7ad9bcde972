import { MedusaError } from "@medusajs/framework/utils"

import { type RetailFinancingOptionsInput, parseOptions } from "../../../config/options"
import { redirectUrlsFor } from "../redirect-urls"

const base: RetailFinancingOptionsInput = {
  baseUrl: "https://financing.example.com",
  username: "store-user",
  password: "store-password",
  storeCode: "STORE-1",
  backendUrl: "https://api.shop.example.com",
  callbackSecret: "s".repeat(40),
}

const options = parseOptions({
  ...base,
  allowedRedirectOrigins: ["https://shop.example.com", "http://localhost:8000"],
  returnUrl: "https://shop.example.com/financing/{cart_id}/return?cart={cart_id}",
  cancelUrl: "https://shop.example.com/checkout?step=payment&cart={cart_id}",
})

const CART_ID = "cart_01JTEST"

function refusal(requested: Record<string, unknown>): MedusaError {
  try {
    redirectUrlsFor(options, CART_ID, requested)
  } catch (error) {
    if (error instanceof MedusaError) return error
    throw error
  }
  throw new Error("expected the URL to be refused")
}

describe("redirectUrlsFor", () => {
  describe("templates", () => {
    it("fills every {cart_id} of both templates", () => {
      expect(redirectUrlsFor(options, CART_ID)).toEqual({
        redirectUrl: `https://shop.example.com/financing/${CART_ID}/return?cart=${CART_ID}`,
        cancelUrl: `https://shop.example.com/checkout?step=payment&cart=${CART_ID}`,
      })
    })

    it("encodes the cart id, so it cannot add a path, query or fragment", () => {
      const cartId = "cart 1/../x?y=1&z#w"
      const urls = redirectUrlsFor(options, cartId)
      const encoded = encodeURIComponent(cartId)

      expect(urls.redirectUrl).toBe(`https://shop.example.com/financing/${encoded}/return?cart=${encoded}`)
      const parsed = new URL(urls.redirectUrl!)
      expect(parsed.origin).toBe("https://shop.example.com")
      expect(parsed.hash).toBe("")
      expect(parsed.searchParams.get("cart")).toBe(cartId)
    })

    it.each([
      ["nothing", {}],
      ["nulls", { return_url: null, cancel_url: null }],
      ["empty strings", { return_url: "", cancel_url: "" }],
    ])("uses the templates when the storefront sends %s", (_case, requested) => {
      expect(redirectUrlsFor(options, CART_ID, requested)).toEqual(redirectUrlsFor(options, CART_ID))
    })

    it("leaves out a URL that is neither configured nor requested (no undefined keys)", () => {
      const bare = parseOptions({ ...base, allowedRedirectOrigins: ["https://shop.example.com"] })

      expect(redirectUrlsFor(bare, CART_ID)).toEqual({})
      expect(Object.keys(redirectUrlsFor(bare, CART_ID))).toEqual([])
      expect(redirectUrlsFor(bare, CART_ID, { return_url: "https://shop.example.com/back" })).toEqual({
        redirectUrl: "https://shop.example.com/back",
      })
    })
  })

  describe("URLs the storefront sends", () => {
    it("uses a return_url and a cancel_url on an allowed origin", () => {
      expect(
        redirectUrlsFor(options, CART_ID, {
          return_url: "https://shop.example.com/order/confirmed?cart=cart_01JTEST",
          cancel_url: "http://localhost:8000/us/checkout?step=payment",
        })
      ).toEqual({
        redirectUrl: "https://shop.example.com/order/confirmed?cart=cart_01JTEST",
        cancelUrl: "http://localhost:8000/us/checkout?step=payment",
      })
    })

    it("takes each one independently: the other still comes from its template", () => {
      expect(redirectUrlsFor(options, CART_ID, { cancel_url: "https://shop.example.com/cart" })).toEqual({
        redirectUrl: `https://shop.example.com/financing/${CART_ID}/return?cart=${CART_ID}`,
        cancelUrl: "https://shop.example.com/cart",
      })
    })

    it("compares origins as the URL parser does (host case, default port)", () => {
      expect(
        redirectUrlsFor(options, CART_ID, { return_url: "https://SHOP.Example.com:443/done" }).redirectUrl
      ).toBe("https://SHOP.Example.com:443/done")
    })

    it("ignores anything else in data", () => {
      expect(
        redirectUrlsFor(options, CART_ID, {
          redirectUrl: "https://evil.example.com/",
          cancelUrl: "javascript:alert(1)",
        } as Record<string, unknown>)
      ).toEqual(redirectUrlsFor(options, CART_ID))
    })
  })

  describe("refusals", () => {
    it.each([
      ["another origin", "https://evil.example.com/return"],
      ["a look-alike host", "https://shop.example.com.evil.example.com/return"],
      ["credentials pointing elsewhere", "https://shop.example.com@evil.example.com/return"],
      ["another scheme on the same host", "http://shop.example.com/return"],
      ["another port on the same host", "https://shop.example.com:8443/return"],
      ["a sub-domain", "https://www.shop.example.com/return"],
      ["javascript:", "javascript:alert(document.cookie)"],
      ["javascript: with the allowed origin in it", "javascript://shop.example.com/%0Aalert(1)"],
      ["data:", "data:text/html,<script>alert(1)</script>"],
      ["a relative path", "/checkout/return"],
      ["a protocol-relative URL", "//evil.example.com/return"],
      ["a bare host", "shop.example.com/return"],
      ["text", "not a url"],
    ])("refuses %s as return_url and names the field", (_case, url) => {
      const error = refusal({ return_url: url })

      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(error.message).toContain("data.return_url")
      expect(error.message).toContain("allowedRedirectOrigins")
    })

    it("names cancel_url when that is the bad one", () => {
      const error = refusal({
        return_url: "https://shop.example.com/ok",
        cancel_url: "https://evil.example.com/",
      })

      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(error.message).toContain("data.cancel_url")
      expect(error.message).not.toContain("data.return_url")
    })

    it.each([
      ["a number", 42],
      ["an object", { href: "https://shop.example.com/ok" }],
      ["an array", ["https://shop.example.com/ok"]],
      ["a boolean", true],
    ])("refuses %s as return_url and names the field", (_case, value) => {
      const error = refusal({ return_url: value })

      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(error.message).toContain("data.return_url")
    })

    // The URL parser forgives these, but the financing service receives the text as written, and the
    // contract (isHttpUrl) refuses it: the storefront must hear which field to fix, not a later error.
    it.each([
      ["surrounding spaces", " https://shop.example.com/return "],
      ["a missing //", "https:shop.example.com/return"],
      ["a single /", "https:/shop.example.com/return"],
    ])("refuses a URL with %s and names the field", (_case, url) => {
      const error = refusal({ return_url: url })

      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(error.message).toContain("data.return_url")
    })

    it("does not echo the refused URL back", () => {
      expect(refusal({ return_url: "https://evil.example.com/phish" }).message).not.toContain("evil")
    })

    it("refuses everything when no origin is allowed", () => {
      const closed = parseOptions(base)

      expect(() => redirectUrlsFor(closed, CART_ID, { return_url: "https://shop.example.com/ok" })).toThrow(
        /data\.return_url/
      )
    })
  })
})
