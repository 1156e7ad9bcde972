"use strict"
const fs = require("node:fs")
const http = require("node:http")
const path = require("node:path")
const { URL } = require("node:url")

/*
 * The demo storefront: static pages that talk to Medusa's store API from the browser, as any headless
 * storefront does, plus /config.js with where the backend is and the publishable key. It listens from the
 * demo's first second and answers "starting" until Medusa is ready, so an early visitor gets a sentence
 * instead of a refused connection.
 */

const PUBLIC = path.join(__dirname, "public")

/** Paths and the page each one is; the return and cancel paths are the plugin's returnUrl and cancelUrl. */
const PAGES = new Map([
  ["/", "index.html"],
  ["/cart", "cart.html"],
  ["/checkout", "checkout.html"],
  ["/checkout/financing/return", "financing-return.html"],
  ["/checkout/financing/cancel", "financing-cancel.html"],
  ["/order/confirmed", "order.html"],
  ["/financing", "financing.html"],
])
const PRODUCT_PAGE = /^\/products\/[a-z0-9-]+$/
// Only these names: a path is never joined onto the folder as it came.
const ASSET = /^\/(js\/[a-z-]+\.mjs|styles\.css)$/
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
}

function send(response, status, type, body) {
  response.writeHead(status, {
    "content-type": type,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  })
  response.end(body)
}

function sendFile(response, file) {
  fs.readFile(path.join(PUBLIC, file), (error, body) => {
    if (error) send(response, 500, TYPES[".html"], "<h1>Could not read this page</h1>")
    else send(response, 200, TYPES[path.extname(file)], body)
  })
}

function createStorefront() {
  let config
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://storefront.invalid")
    if (request.method !== "GET" && request.method !== "HEAD") {
      send(response, 405, "text/plain", "method not allowed")
    } else if (!config) {
      send(
        response,
        503,
        TYPES[".html"],
        '<meta http-equiv="refresh" content="3"><h1>The demo store is starting…</h1>'
      )
    } else if (pathname === "/config.js") {
      send(response, 200, TYPES[".js"], `window.DEMO_CONFIG = ${JSON.stringify(config)}\n`)
    } else if (PAGES.has(pathname)) {
      sendFile(response, PAGES.get(pathname))
    } else if (PRODUCT_PAGE.test(pathname)) {
      sendFile(response, "product.html")
    } else if (ASSET.test(pathname)) {
      sendFile(response, pathname.slice(1))
    } else {
      send(response, 404, TYPES[".html"], '<h1>Not found</h1><p><a href="/">Back to the store</a></p>')
    }
  })
  server.keepAliveTimeout = 2_000

  return {
    /** Resolves with the storefront's URL once it listens. */
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once("error", reject)
        server.listen(port, host, () => resolve(`http://${host}:${server.address().port}`))
      }),
    /** What the pages need: backend URL, publishable key, region, admin and sandbox URLs. */
    ready: (value) => {
      config = value
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

module.exports = { createStorefront }
