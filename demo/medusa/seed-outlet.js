"use strict"
const {
  createApiKeysWorkflow,
  linkProductsToSalesChannelWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} = require("@medusajs/medusa/core-flows")
const { ContainerRegistrationKeys, Modules } = require("@medusajs/framework/utils")

/*
 * DEMO_LOCATIONS=2 (demo/lib/outlet.js): the outlet's sales channel, under the fixed id that
 * demo/medusa/medusa-config.js names in the plugin's `locations`, selling what the web store sells from the
 * web store's warehouse, with a publishable key of its own (a key linked to one sales channel puts the
 * carts it makes in that channel). Run by seed.js on every start with two locations, after the web store's
 * data: a store seeded with one location gets its outlet on its first start with two. Each part is made
 * only when it is missing, so a start cut short is finished by the next one.
 */

const OUTLET_NAME = "Outlet"
const OUTLET_KEY_TITLE = "Oak & Linen outlet storefront"

/** Resolves with what the outlet's storefront needs: its publishable key, and its channel for the output. */
async function ensureOutlet(container, channelId) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const salesChannels = container.resolve(Modules.SALES_CHANNEL)

  const [channel] = await salesChannels.listSalesChannels({ id: channelId })
  if (!channel) {
    // The module, not createSalesChannelsWorkflow: only the module's create takes the id it is given.
    await salesChannels.createSalesChannels({
      id: channelId,
      name: OUTLET_NAME,
      description: "The outlet: financed under a store code of its own (DEMO_LOCATIONS=2)",
    })
  }

  const {
    data: [store],
  } = await query.graph({ entity: "store", fields: ["default_sales_channel_id"] })
  const webChannelId = store.default_sales_channel_id
  const inWebStoreOnly = (linked) => {
    const channels = (linked.sales_channels ?? []).map((each) => each.id)
    return channels.includes(webChannelId) && !channels.includes(channelId)
  }
  const [products, locations] = await Promise.all([
    query.graph({ entity: "product", fields: ["id", "sales_channels.id"] }),
    query.graph({ entity: "stock_location", fields: ["id", "sales_channels.id"] }),
  ])
  const productIds = products.data.filter(inWebStoreOnly).map((product) => product.id)
  if (productIds.length > 0) {
    await linkProductsToSalesChannelWorkflow(container).run({ input: { id: channelId, add: productIds } })
  }
  // The store lists only shipping options served from a stock location of the cart's sales channel.
  for (const location of locations.data.filter(inWebStoreOnly)) {
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: location.id, add: [channelId] },
    })
  }

  const {
    data: [existingKey],
  } = await query.graph({
    entity: "api_key",
    fields: ["id", "token", "sales_channels.id"],
    filters: { title: OUTLET_KEY_TITLE, type: "publishable" },
  })
  let key = existingKey
  if (!key) {
    const {
      result: [created],
    } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: OUTLET_KEY_TITLE, type: "publishable", created_by: "" }] },
    })
    key = { ...created, sales_channels: [] }
  }
  if (!(key.sales_channels ?? []).some((linked) => linked.id === channelId)) {
    await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [channelId] } })
  }
  return { publishableKey: key.token, salesChannelId: channelId }
}

module.exports = { ensureOutlet }
