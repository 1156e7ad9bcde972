import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import { createProductsWorkflow } from "@medusajs/medusa/core-flows"
import type { AxiosResponse } from "axios"

import {
  RETAIL_FINANCING_PROVIDER_ID,
  type StoreCheckout,
  callbacksSettled,
  createCheckoutCart,
  createPaymentCollection,
  financingIntegrationSuite,
  financingLedger,
  moveApplication,
  orderIdsOfCart,
  sandboxApplications,
  startFinancedCart,
  TWO_ITEMS_WITH_PROMOTION,
} from "../helpers"
import {
  ELIGIBILITY_CART_FIELDS,
  type EligibilityCart,
  applicationPolicyOf,
  financingApplicationFor,
} from "../../src/domain/checkout/eligibility"
import { financedFingerprints } from "../../src/domain/checkout/financed-fingerprint"
import { whyNotLeasable } from "../../src/domain/checkout/leasable"
import { eligibilityCartOf } from "../../src/queries/eligibility-cart"
import { nonLeasableRuleOf } from "../../src/queries/non-leasable-rule"

/*
 * Products the lender cannot lease (issue 22), through the real store and admin APIs on PostgreSQL, with
 * the sandbox as the service. The store's rule: gift cards, products whose metadata says
 * retail_financing_leasable: false, and the nonLeasable option below (a type, a tag, a collection and a
 * category with its descendants). A cart holding any of them is refused by the eligibility route and the
 * session start alike, with the lines named and nothing sent to the service.
 */

const NON_LEASABLE = {
  productTypes: ["Service"],
  productTags: ["consumable"],
  collections: ["gift-ideas"],
  categories: ["protection-plans"],
}

/** Each product of this file, by the rule it is meant to meet (or "leasable"). */
const PRODUCTS = {
  lamp: { title: "Brass floor lamp", rule: "leasable" },
  giftCard: { title: "Gift card", rule: "gift_card" },
  flagged: { title: "Assembly kit", rule: "metadata" },
  service: { title: "White-glove delivery", rule: "product_type" },
  tagged: { title: "Leather conditioner", rule: "product_tag" },
  collected: { title: "Candle set", rule: "collection" },
  planned: { title: "2-year protection plan", rule: "category" },
} as const
type ProductKey = keyof typeof PRODUCTS
const KEYS = Object.keys(PRODUCTS) as ProductKey[]

const sentence = (titles: string) =>
  `Pay over time can't be used for ${titles}. ` +
  `Remove ${titles.includes(" and ") ? "them" : "it"} to pay over time, or choose another way to pay.`

const previousRule = process.env.RETAIL_FINANCING_NON_LEASABLE

financingIntegrationSuite({
  seed: "checkout",
  admin: true,
  stopJobs: "all",
  // Read by medusa-config.ts when the app boots: this file's store sets the option.
  beforeBoot: async () => {
    process.env.RETAIL_FINANCING_NON_LEASABLE = JSON.stringify(NON_LEASABLE)
  },
  testSuite: ({ api, getContainer, financing, seed, adminHeaders }) => {
    afterAll(() => {
      if (previousRule === undefined) delete process.env.RETAIL_FINANCING_NON_LEASABLE
      else process.env.RETAIL_FINANCING_NON_LEASABLE = previousRule
    })

    /** This file's products, and a store whose variant index 0 is the seed's sofa, then each of them. */
    const made = { productIds: {} as Record<ProductKey, string>, store: {} as StoreCheckout }
    const variantIndex = (key: ProductKey) => KEYS.indexOf(key) + 1

    beforeAll(async () => {
      const container = getContainer()
      Object.assign(made, await makeProducts(container, seed))
    })

    const storeGet = (url: string) => api.get(url, { headers: seed.headers, validateStatus: () => true })

    /** A cart of the seed's sofa ($1,199.99, leasable) and one of each product named. */
    const cartWith = (...keys: ProductKey[]) =>
      createCheckoutCart(api, made.store, {
        items: [
          { variantIndex: 0, quantity: 1 },
          ...keys.map((key) => ({ variantIndex: variantIndex(key), quantity: 1 })),
        ],
      })

    async function startSession(cartId: string): Promise<AxiosResponse> {
      const collection = await createPaymentCollection(api, made.store, cartId)
      return api.post(
        `/store/payment-collections/${collection.id}/payment-sessions`,
        { provider_id: RETAIL_FINANCING_PROVIDER_ID },
        { headers: seed.headers, validateStatus: () => true }
      )
    }

    /** The eligibility route's reasons, checked to be the session start's, and that nothing reached the service. */
    async function refusedEverywhere(cartId: string) {
      const requestsBefore = financing.serviceRequests.log.length
      const applicationsBefore = (await sandboxApplications(financing.sandbox)).length

      const eligibility = await storeGet(`/store/retail-financing/eligibility?cart_id=${cartId}`)
      expect(eligibility.status).toBe(200)
      expect(eligibility.data.eligible).toBe(false)
      const started = await startSession(cartId)
      expect(started.status).toBe(400)
      expect(started.data.reasons).toEqual(eligibility.data.reasons)
      expect(started.data.code).toBe(eligibility.data.reasons[0].code)

      expect(financing.serviceRequests.log.length).toBe(requestsBefore)
      expect((await sandboxApplications(financing.sandbox)).length).toBe(applicationsBefore)
      return eligibility.data.reasons as { code: string; field: string; message: string; items?: unknown }[]
    }

    const lineOf = (
      cart: { items?: { id: string; product_id?: string | null }[] | null },
      key: ProductKey
    ) => {
      const line = (cart.items ?? []).find((item) => item.product_id === made.productIds[key])
      if (!line) throw new Error(`the cart has no line of ${key}`)
      return { line_item_id: line.id, title: PRODUCTS[key].title }
    }

    describe("a cart with a product the lender cannot lease", () => {
      it.each(KEYS.filter((key) => key !== "lamp"))(
        "is refused for %s, naming the line, without a call to the service",
        async (key) => {
          const cart = await cartWith(key)
          expect(await refusedEverywhere(cart.id)).toEqual([
            {
              code: "items_not_leasable",
              field: "items",
              message: sentence(PRODUCTS[key].title),
              items: [lineOf(cart, key)],
            },
          ])
        }
      )

      it("names every such line in one sentence", async () => {
        const cart = await cartWith("giftCard", "planned")
        const [reason] = await refusedEverywhere(cart.id)
        expect(reason.message).toBe(sentence("Gift card and 2-year protection plan"))
        expect(reason.items).toEqual([lineOf(cart, "giftCard"), lineOf(cart, "planned")])
      })

      it("finances a leasable cart beside them: the route says eligible and the service gets the application", async () => {
        const cart = await cartWith("lamp")
        const eligibility = await storeGet(`/store/retail-financing/eligibility?cart_id=${cart.id}`)
        expect(eligibility.data).toEqual({ eligible: true, reasons: [] })
        const applicationsBefore = (await sandboxApplications(financing.sandbox)).length
        expect((await startSession(cart.id)).status).toBe(200)
        expect((await sandboxApplications(financing.sandbox)).length).toBe(applicationsBefore + 1)
      })
    })

    describe("the session start's read of the cart", () => {
      /**
       * The cart as the session start and the eligibility route read it (the cart module in one joined
       * query, then its providers, products and customer) against query.graph with every field: the checks
       * and the application made from each must be the same, and so must the fingerprints the contract is
       * later held to (the completion reads the cart with query.graph).
       */
      async function bothReads(cartId: string) {
        const container = getContainer()
        const options = financingLedger(container).getOptions()
        const rule = await nonLeasableRuleOf(container, options.nonLeasable)
        const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
          entity: "cart",
          fields: ELIGIBILITY_CART_FIELDS,
          filters: { id: cartId },
        })
        const graph = (data as EligibilityCart[])[0]
        const read = await eligibilityCartOf(container, cartId, rule)
        if (!read) throw new Error(`cart ${cartId} was not read`)
        const outcome = (cart: EligibilityCart) => {
          const built = financingApplicationFor(
            cart,
            applicationPolicyOf(options, rule, cart.sales_channel_id),
            RETAIL_FINANCING_PROVIDER_ID
          )
          const verdicts = Object.fromEntries(
            (cart.items ?? []).map((item) => [
              item.id,
              item.product ? whyNotLeasable(item.product, rule) : null,
            ])
          )
          if (!built.ok) return { verdicts, problems: built.problems }
          return {
            verdicts,
            application: built.application,
            fingerprints: financedFingerprints(
              options.callbackSecret,
              cart,
              built.application,
              built.totalCents
            ),
          }
        }
        return { read: outcome(read), graph: outcome(graph) }
      }

      it("refuses what query.graph's read refuses, for every rule, with the same lines", async () => {
        const { read, graph } = await bothReads((await cartWith(...KEYS)).id)
        expect(read).toEqual(graph)
        expect(Object.values(read.verdicts).filter(Boolean)).toHaveLength(KEYS.length - 1)
      })

      it("makes the application and fingerprints query.graph's read makes, promotion and tax included", async () => {
        const cart = await createCheckoutCart(api, seed, { ...TWO_ITEMS_WITH_PROMOTION })
        const { read, graph } = await bothReads(cart.id)
        expect(read.application).toBeDefined()
        expect(read).toEqual(graph)
      })
    })

    describe("GET /store/retail-financing/as-low-as with a product_id", () => {
      const asLowAs = (productId: string) =>
        storeGet(`/store/retail-financing/as-low-as?amount=1199.99&product_id=${productId}`)

      it("answers not_leasable for each product the lender cannot lease, without asking the service", async () => {
        for (const key of KEYS.filter((k) => k !== "lamp")) {
          const requestsBefore = financing.serviceRequests.log.length
          const answer = await asLowAs(made.productIds[key])
          expect({
            key,
            status: answer.status,
            available: answer.data.available,
            reason: answer.data.reason,
          }).toEqual({
            key,
            status: 200,
            available: false,
            reason: "not_leasable",
          })
          expect(answer.data.as_low_as).toBeNull()
          expect(financing.serviceRequests.log.length).toBe(requestsBefore)
        }
      })

      it("asks the service for a leasable product, and names an unknown product_id", async () => {
        const answer = await asLowAs(made.productIds.lamp)
        expect(answer.status).toBe(200)
        expect(answer.data).toEqual(expect.objectContaining({ available: true, reason: null }))

        const unknown = await asLowAs("prod_does_not_exist")
        expect(unknown.status).toBe(404)
        expect(unknown.data.message).toBe("No product with this product_id was found.")
      })
    })

    describe("the admin's product widget", () => {
      const leasability = (productId: string) =>
        api.get(`/admin/retail-financing/products/${productId}/leasability`, {
          ...adminHeaders,
          validateStatus: () => true,
        })

      it("gives each product's rule, as the cart check applies it", async () => {
        for (const key of KEYS) {
          const { status, data } = await leasability(made.productIds[key])
          expect({ key, status, rule: data.leasability.not_leasable_because?.rule ?? "leasable" }).toEqual({
            key,
            status: 200,
            rule: PRODUCTS[key].rule,
          })
          expect(data.leasability.leasable).toBe(key === "lamp")
          expect(data.leasability.marked_not_leasable).toBe(key === "flagged")
        }
        const { data } = await leasability(made.productIds.planned)
        // The product sits in a child of the configured category: the handle named is the configured one.
        expect(data.leasability.not_leasable_because).toEqual({ rule: "category", value: "protection-plans" })
      })

      it("follows the metadata flag Medusa's product update sets, and answers 404 for no product", async () => {
        const id = made.productIds.lamp
        await api.post(
          `/admin/products/${id}`,
          { metadata: { retail_financing_leasable: false } },
          adminHeaders
        )
        expect((await leasability(id)).data.leasability).toEqual(
          expect.objectContaining({ leasable: false, marked_not_leasable: true })
        )
        await api.post(
          `/admin/products/${id}`,
          { metadata: { retail_financing_leasable: true } },
          adminHeaders
        )
        expect((await leasability(id)).data.leasability).toEqual(
          expect.objectContaining({ leasable: true, not_leasable_because: null, marked_not_leasable: false })
        )
        expect((await leasability("prod_does_not_exist")).status).toBe(404)
      })
    })

    it("places the order of a contract signed after the merchant marked its product not leasable", async () => {
      const container = getContainer()
      const { cart, publicId } = await startFinancedCart(api, made.store, {
        items: [{ variantIndex: variantIndex("lamp"), quantity: 1 }],
      })
      // The rule changed after the application was made: the shopper's signature still stands.
      await container
        .resolve(Modules.PRODUCT)
        .updateProducts(made.productIds.lamp, { metadata: { retail_financing_leasable: false } })

      await moveApplication(financing.sandbox, publicId, "SignedWaitingForInvoice")
      await callbacksSettled(financing.sandbox, publicId, 2)

      expect(await orderIdsOfCart(container, cart.id)).toHaveLength(1)
      const [application] = await financingLedger(container).listFinancingApplications({
        public_id: publicId,
      })
      expect(application.exception_reason).toBeNull()
    })
  },
})

/**
 * The rule's matter in Medusa's own terms (a type, a tag, a collection, a category with a child) and one
 * product per rule, each $150 and in the seed's sales channel and shipping profile.
 */
async function makeProducts(
  container: MedusaContainer,
  seed: { salesChannelId: string; shippingProfileId: string } & StoreCheckout
) {
  const products = container.resolve(Modules.PRODUCT)
  const [service] = await products.createProductTypes([{ value: "Service" }])
  const [consumable] = await products.createProductTags([{ value: "consumable" }])
  const [giftIdeas] = await products.createProductCollections([{ title: "Gift ideas", handle: "gift-ideas" }])
  const [plans] = await products.createProductCategories([
    { name: "Protection plans", handle: "protection-plans", is_active: true },
  ])
  const [accidental] = await products.createProductCategories([
    { name: "Accidental damage", handle: "accidental-damage", is_active: true, parent_category_id: plans.id },
  ])

  const facts: Record<ProductKey, Record<string, unknown>> = {
    lamp: {},
    giftCard: { is_giftcard: true },
    flagged: { metadata: { retail_financing_leasable: "false" } },
    service: { type_id: service.id },
    tagged: { tag_ids: [consumable.id] },
    collected: { collection_id: giftIdeas.id },
    planned: { category_ids: [accidental.id] },
  }
  const { result } = await createProductsWorkflow(container).run({
    input: {
      products: KEYS.map((key, index) => ({
        title: PRODUCTS[key].title,
        status: ProductStatus.PUBLISHED,
        shipping_profile_id: seed.shippingProfileId,
        options: [{ title: "Default option", values: ["Default"] }],
        variants: [
          {
            title: PRODUCTS[key].title,
            sku: `NON-LEASABLE-${index}`,
            options: { "Default option": "Default" },
            manage_inventory: false,
            prices: [{ currency_code: "usd", amount: 150 }],
          },
        ],
        sales_channels: [{ id: seed.salesChannelId }],
        ...facts[key],
      })),
    },
  })
  const productIds = {} as Record<ProductKey, string>
  const variantIds: string[] = [seed.variantIds[0]]
  KEYS.forEach((key, index) => {
    const product = result.find((made) =>
      made.variants?.some((variant) => variant.sku === `NON-LEASABLE-${index}`)
    )
    if (!product) throw new Error(`product ${key} was not created`)
    productIds[key] = product.id
    variantIds.push(product.variants![0].id)
  })
  const store: StoreCheckout = { ...seed, variantIds }
  return { productIds, store }
}
