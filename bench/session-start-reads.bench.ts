/*
 * What each read the session start could make costs, alone, on one cart of the checkout bench (two items, a
 * promotion, tax, shipping): the median wall and CPU time of 150 runs after 20 untimed, one at a time.
 *
 *   NODE_OPTIONS=--experimental-vm-modules npx jest --config bench/jest.config.js --runInBand \
 *     bench/session-start-reads.bench.ts
 *
 * It is how the session start's cart read was chosen (docs/decisions.md, "How the session start reads the
 * cart"): query.graph with every field against the cart module with its totals (its default strategy, a
 * query per relation, and one joined query), the reads beside it, and the whole read as the session start
 * makes it. It prints figures and fails only when a read does.
 */
import { performance } from "node:perf_hooks"

import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

import { financingIntegrationSuite } from "../integration-tests/helpers"
import { ELIGIBILITY_CART_FIELDS } from "../src/domain/checkout/eligibility"
import { LEASABLE_PRODUCT_FIELDS, NO_NON_LEASABLE_RULE } from "../src/domain/checkout/leasable"
import { CART_RELATIONS, CART_SELECT, eligibilityCartOf } from "../src/queries/eligibility-cart"
import { table } from "./support/figures"
import { cartWithCollection } from "./support/store-checkout"

const WARMUP = 20
const RUNS = 150

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

financingIntegrationSuite({
  seed: "checkout",
  stopJobs: "reconcile",
  testSuite: ({ api, getContainer, seed }) => {
    it("times each read of the session start", async () => {
      const container = getContainer()
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const cartModule = container.resolve(Modules.CART)
      const productModule = container.resolve(Modules.PRODUCT)
      const { cartId, collectionId } = await cartWithCollection(api, seed)
      const { items, region_id: regionId } = await cartModule.retrieveCart(cartId, { relations: ["items"] })
      const productIds = [...new Set((items ?? []).map((item) => item.product_id ?? ""))]
      const cartWith = (strategy?: "joined" | "select-in") => () =>
        cartModule.listCarts(
          { id: cartId },
          { select: CART_SELECT, relations: CART_RELATIONS, ...(strategy && { options: { strategy } }) }
        )

      const reads: Record<string, () => Promise<unknown>> = {
        "query.graph, every field": () =>
          query.graph({ entity: "cart", fields: ELIGIBILITY_CART_FIELDS, filters: { id: cartId } }),
        "cart module, totals, default strategy": cartWith(),
        "cart module, totals, select-in": cartWith("select-in"),
        "cart module, totals, joined": cartWith("joined"),
        "payment collection link": () =>
          query.graph({
            entity: "cart_payment_collection",
            fields: ["cart_id"],
            filters: { payment_collection_id: collectionId },
          }),
        "region's providers (link)": () =>
          query.graph({
            entity: "region_payment_provider",
            fields: ["payment_provider.id", "payment_provider.is_enabled"],
            filters: { region_id: regionId },
          }),
        "products, gift card and metadata": () =>
          productModule.listProducts({ id: productIds }, { select: ["id", "is_giftcard", "metadata"] }),
        "products, every rule's field": () =>
          productModule.listProducts(
            { id: productIds },
            { select: LEASABLE_PRODUCT_FIELDS, relations: ["type", "tags", "collection", "categories"] }
          ),
        customer: () =>
          container.resolve(Modules.CUSTOMER).listCustomers({ id: "cus_none" }, { select: ["first_name"] }),
        "the session start's whole read": () => eligibilityCartOf(container, cartId, NO_NON_LEASABLE_RULE),
      }

      const rows: string[][] = []
      for (const [name, read] of Object.entries(reads)) {
        for (let i = 0; i < WARMUP; i++) await read()
        const walls: number[] = []
        const cpus: number[] = []
        for (let i = 0; i < RUNS; i++) {
          const cpuFrom = process.cpuUsage()
          const begun = performance.now()
          await read()
          walls.push(performance.now() - begun)
          const cpu = process.cpuUsage(cpuFrom)
          cpus.push((cpu.user + cpu.system) / 1000)
        }
        rows.push([name, median(walls).toFixed(2), median(cpus).toFixed(2)])
      }
      console.log(table(["read", "wall p50 (ms)", "CPU p50 (ms)"], rows))
    })
  },
})
