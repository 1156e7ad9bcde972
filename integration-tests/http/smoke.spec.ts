import { RETAIL_FINANCING_PROVIDER_ID, createRegion, financingIntegrationSuite } from "../helpers"

type ProviderList = { payment_providers: { id: string; is_enabled: boolean }[] }

// Seeded once: the runner snapshots the database after the suite's beforeAll hooks and restores
// that snapshot before every test, so this data is back, unchanged, for each of them.
financingIntegrationSuite({
  admin: true,
  storefront: true,
  testSuite: ({ api, getContainer, adminHeaders: admin, storefront }) => {
    describe("retail-financing provider registration", () => {
      let regionId: string

      beforeAll(async () => {
        regionId = (await createRegion(getContainer())).id
      })

      it("is listed and enabled among the admin payment providers", async () => {
        const response = await api.get("/admin/payments/payment-providers", admin)

        expect(response.status).toBe(200)
        expect((response.data as ProviderList).payment_providers).toContainEqual(
          expect.objectContaining({ id: RETAIL_FINANCING_PROVIDER_ID, is_enabled: true })
        )
      })

      it("is offered to shoppers in a region that enables it", async () => {
        const response = await api.get(`/store/payment-providers?region_id=${regionId}`, storefront)

        expect(response.status).toBe(200)
        expect((response.data as ProviderList).payment_providers.map(({ id }) => id)).toEqual([
          RETAIL_FINANCING_PROVIDER_ID,
        ])
      })
    })
  },
})
