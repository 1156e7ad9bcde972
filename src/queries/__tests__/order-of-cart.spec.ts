import type { MedusaContainer } from "@medusajs/framework/types"

import { orderOfCart } from "../order-of-cart"

/** A container whose query answers the order-cart link with the rows given, and records what was asked. */
function containerWith(rows: { order_id: string }[]) {
  const asked: unknown[] = []
  const container = {
    resolve: () => ({
      graph: async (query: unknown) => {
        asked.push(query)
        return { data: rows }
      },
    }),
  } as unknown as MedusaContainer
  return { container, asked }
}

describe("orderOfCart", () => {
  it("reads the order the cart was completed into from Medusa's order-cart link", async () => {
    const { container, asked } = containerWith([{ order_id: "order_1" }])
    await expect(orderOfCart(container, "cart_1")).resolves.toBe("order_1")
    expect(asked).toEqual([{ entity: "order_cart", fields: ["order_id"], filters: { cart_id: "cart_1" } }])
  })

  it("is null for a cart with no order", async () => {
    await expect(orderOfCart(containerWith([]).container, "cart_2")).resolves.toBeNull()
  })
})
