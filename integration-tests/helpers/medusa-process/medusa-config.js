"use strict"
/*
 * The config of the Medusa app a fault test spawns (spawned-store.ts): the demo store's
 * (demo/medusa/medusa-config.js, the plugin loaded from src/), without the dashboard, which a fault test
 * never opens and which would need its bundle built, and with the plugin options the test asks for,
 * passed as JSON in RETAIL_FINANCING_TEST_OPTIONS (a shorter timeout, say).
 */
const config = require("../../../demo/medusa/medusa-config.js")

config.admin = { ...config.admin, disable: true }

const overrides = JSON.parse(process.env.RETAIL_FINANCING_TEST_OPTIONS || "{}")
const provider = config.modules.payment.options.providers.find(({ resolve }) =>
  resolve.endsWith("/providers/retail-financing")
)
// The module and the provider are both given the plugin's options; both must see the same ones.
for (const options of [config.modules.retailFinancing.options, provider.options]) {
  Object.assign(options, overrides)
}

module.exports = config
