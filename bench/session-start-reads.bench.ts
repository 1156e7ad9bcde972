/*
 * What each read the session start could make costs, alone, on one cart of the checkout bench (two items, a
 * promotion, tax, shipping): the median wall and CPU time of 150 runs after 20 untimed, one at a time.
 *
 *   NODE_OPTIONS=--experimental-vm-modules npx jest --config bench/jest.config.js --runInBand \
 *     bench/session-start-reads.bench.ts
 *
 * It is how the session start's cart read was chosen (docs/benchmarks.md): query.graph with every field
 * against the cart module with totals (its default strategy, select-in, and one joined query), and the
 * reads beside it. It prints figures and fails only when a read does.
 */
import { performance } from "node:perf_hooks"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { financingIntegrationSuite } from "../integration-tests/helpers"
import { ELIGIBILITY_CART_FIELDS } from "../src/domain/checkout/eligibility"
import { cartWithCollection } from "./support/store-checkout"

financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, seed }) => {
    it("times each read of the session start", async () => {
      const container = getContainer()
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const cartModule = container.resolve(Modules.CART)
      const productModule = container.resolve(Modules.PRODUCT)
      const customerModule = container.resolve(Modules.CUSTOMER)
      const { cartId, collectionId } = await cartWithCollection(api, seed)
      const cart0 = await cartModule.retrieveCart(cartId, { relations: ["items"] })
      const productIds = [...new Set((cart0.items ?? []).map((item) => item.product_id ?? ""))]
      const cases: Record<string, () => Promise<unknown>> = {
        linkGraph: () =>
          query.graph({
            entity: "cart_payment_collection",
            fields: ["cart_id"],
            filters: { payment_collection_id: collectionId },
          }),
        linkRaw: () =>
          pg.raw(
            "select cart_id from cart_payment_collection where payment_collection_id = ? and deleted_at is null",
            [collectionId]
          ),
        cartGraphFull: () =>
          query.graph({ entity: "cart", fields: ELIGIBILITY_CART_FIELDS, filters: { id: cartId } }),
        cartModuleTotals: () =>
          cartModule.retrieveCart(cartId, {
            select: [
              "id",
              "email",
              "currency_code",
              "completed_at",
              "total",
              "tax_total",
              "credit_line_total",
              "discount_subtotal",
              "sales_channel_id",
              "region_id",
              "customer_id",
            ],
            relations: [
              "items",
              "items.adjustments",
              "items.tax_lines",
              "shipping_methods",
              "shipping_methods.adjustments",
              "shipping_methods.tax_lines",
              "shipping_address",
              "billing_address",
            ],
          }),
        cartModuleNoTotals: () =>
          cartModule.retrieveCart(cartId, {
            select: [
              "id",
              "email",
              "currency_code",
              "completed_at",
              "sales_channel_id",
              "region_id",
              "customer_id",
            ],
            relations: [
              "items",
              "items.adjustments",
              "items.tax_lines",
              "shipping_methods",
              "shipping_methods.adjustments",
              "shipping_methods.tax_lines",
              "shipping_address",
              "billing_address",
            ],
          }),
        cartModuleJoined: () =>
          cartModule.retrieveCart(cartId, {
            select: [
              "id",
              "email",
              "currency_code",
              "completed_at",
              "total",
              "tax_total",
              "credit_line_total",
              "discount_subtotal",
              "sales_channel_id",
              "region_id",
              "customer_id",
            ],
            relations: [
              "items",
              "items.adjustments",
              "items.tax_lines",
              "shipping_methods",
              "shipping_methods.adjustments",
              "shipping_methods.tax_lines",
              "shipping_address",
              "billing_address",
            ],
            options: { strategy: "joined" },
          } as Parameters<typeof cartModule.retrieveCart>[1]),
        cartModuleSelectIn: () =>
          cartModule.retrieveCart(cartId, {
            select: [
              "id",
              "email",
              "currency_code",
              "completed_at",
              "total",
              "tax_total",
              "credit_line_total",
              "discount_subtotal",
              "sales_channel_id",
              "region_id",
              "customer_id",
            ],
            relations: [
              "items",
              "items.adjustments",
              "items.tax_lines",
              "shipping_methods",
              "shipping_methods.adjustments",
              "shipping_methods.tax_lines",
              "shipping_address",
              "billing_address",
            ],
            options: { strategy: "select-in" },
          } as Parameters<typeof cartModule.retrieveCart>[1]),
        cartGraphNoProducts: () =>
          query.graph({
            entity: "cart",
            fields: ELIGIBILITY_CART_FIELDS.filter(
              (f) => !f.startsWith("items.product") && !f.startsWith("region") && !f.startsWith("customer")
            ),
            filters: { id: cartId },
          }),
        cartGraphNoProdRegion: () =>
          query.graph({
            entity: "cart",
            fields: ELIGIBILITY_CART_FIELDS.filter(
              (f) => !f.startsWith("items.product") && !f.startsWith("region")
            ),
            filters: { id: cartId },
          }),
        productsModule: () =>
          productModule.listProducts({ id: productIds }, { select: ["id", "is_giftcard", "metadata"] }),
        productsModuleAll: () =>
          productModule.listProducts(
            { id: productIds },
            {
              select: [
                "id",
                "is_giftcard",
                "metadata",
                "type.value",
                "tags.value",
                "collection.handle",
                "categories.id",
                "categories.mpath",
              ],
              relations: ["type", "tags", "collection", "categories"],
            }
          ),
        customerMissing: () =>
          customerModule.listCustomers({ id: "cus_nothing" }, { select: ["first_name"] }),
        regionProvidersGraph: () =>
          query.graph({
            entity: "region",
            fields: ["id", "payment_providers.id", "payment_providers.is_enabled"],
            filters: { id: cart0.region_id },
          }),
        regionLinkGraph: () =>
          query.graph({
            entity: "region_payment_provider",
            fields: ["payment_provider_id", "payment_provider.is_enabled"],
            filters: { region_id: cart0.region_id },
          }),
      }
      const lines: string[] = []
      for (const [name, fn] of Object.entries(cases)) {
        for (let i = 0; i < 20; i++) await fn()
        const walls: number[] = []
        const cpus: number[] = []
        for (let i = 0; i < 150; i++) {
          const c = process.cpuUsage()
          const t = performance.now()
          await fn()
          walls.push(performance.now() - t)
          const d = process.cpuUsage(c)
          cpus.push((d.user + d.system) / 1000)
        }
        walls.sort((a, b) => a - b)
        cpus.sort((a, b) => a - b)
        lines.push(`${name.padEnd(22)} wall ${walls[75].toFixed(2)}  cpu ${cpus[75].toFixed(2)}`)
      }
      console.log(lines.join("\n"))
    })
  },
})
