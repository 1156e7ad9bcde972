import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, ProductStatus } from "@medusajs/framework/utils"
import {
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  updateInventoryLevelsWorkflow,
} from "@medusajs/medusa/core-flows"

import type { CheckoutSeed } from "./checkout-seed"

export interface StockedVariant {
  variantId: string
  inventoryItemId: string
}

/**
 * A product whose only variant Medusa keeps stock of (managed inventory), with `stocked` units at the seed's
 * location: completing a cart reserves them, and a completion for a unit that is no longer there fails.
 */
export async function createStockedVariant(
  container: MedusaContainer,
  seed: CheckoutSeed,
  input: { title: string; price: number; stocked: number }
): Promise<StockedVariant> {
  const sku = `STOCKED-${input.title.replace(/\W+/g, "-").toUpperCase()}-${Date.now()}`
  await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: input.title,
          status: ProductStatus.PUBLISHED,
          shipping_profile_id: seed.shippingProfileId,
          options: [{ title: "Default option", values: ["Default"] }],
          variants: [
            {
              title: input.title,
              sku,
              options: { "Default option": "Default" },
              manage_inventory: true,
              prices: [{ currency_code: "usd", amount: input.price }],
            },
          ],
          sales_channels: [{ id: seed.salesChannelId }],
        },
      ],
    },
  })
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product_variant",
    fields: ["id", "inventory_items.inventory_item_id"],
    filters: { sku },
  })
  const variant = data[0] as { id: string; inventory_items: { inventory_item_id: string }[] }
  const inventoryItemId = variant.inventory_items[0]?.inventory_item_id
  if (!inventoryItemId) throw new Error(`variant ${sku} has no inventory item`)
  await setStock(container, seed, inventoryItemId, input.stocked)
  return { variantId: variant.id, inventoryItemId }
}

/** Puts `stocked` units of the item at the seed's location (a restock, when there is a level already). */
export async function setStock(
  container: MedusaContainer,
  seed: CheckoutSeed,
  inventoryItemId: string,
  stocked: number
): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: levels } = await query.graph({
    entity: "inventory_level",
    fields: ["id"],
    filters: { inventory_item_id: inventoryItemId, location_id: seed.stockLocationId },
  })
  if (levels.length === 0) {
    await createInventoryLevelsWorkflow(container).run({
      input: {
        inventory_levels: [
          {
            inventory_item_id: inventoryItemId,
            location_id: seed.stockLocationId,
            stocked_quantity: stocked,
          },
        ],
      },
    })
    return
  }
  await updateInventoryLevelsWorkflow(container).run({
    input: {
      updates: [
        { inventory_item_id: inventoryItemId, location_id: seed.stockLocationId, stocked_quantity: stocked },
      ],
    },
  })
}

/** The last order display id PostgreSQL handed out (an order rolled back still used one up). */
export async function lastOrderDisplayId(container: MedusaContainer): Promise<number> {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = (await knex.raw(
    `select last_value from pg_sequences
      where schemaname || '.' || sequencename = pg_get_serial_sequence('"order"', 'display_id')`
  )) as { rows: { last_value: string | null }[] }
  return Number(rows[0]?.last_value ?? 0)
}
