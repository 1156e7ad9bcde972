import { container } from "@medusajs/framework"
import { asValue } from "@medusajs/framework/awilix"
import type { Logger } from "@medusajs/framework/types"

import { config as reconcileJob } from "../../../jobs/reconcile-financing-applications"
import { config as sendActionsJob } from "../../../jobs/send-financing-actions"
import { RETAIL_FINANCING_MODULE } from "../index"
import RetailFinancingModuleService from "../service"

const options = {
  baseUrl: "https://financing.example.com",
  username: "store-user",
  password: "p@ssw0rd-value-never-shown",
  storeCode: "STORE-1",
  backendUrl: "https://api.shop.example.com",
  callbackSecret: "callback-secret-never-shown-0123456789",
}
const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() } as unknown as Logger

// Jest gives each spec file its own module registry, so the framework's container here is this file's alone.
describe("the jobs' schedules", () => {
  it("are the defaults outside a Medusa app (no plugin module registered)", () => {
    expect(container.hasRegistration(RETAIL_FINANCING_MODULE)).toBe(false)
    expect(reconcileJob.schedule).toBe("*/5 * * * *")
    expect(sendActionsJob.schedule).toBe("* * * * *")
  })

  it("are the store's options once Medusa has registered the plugin's module, as it has when it loads jobs", () => {
    const module = new RetailFinancingModuleService({ logger } as never, {
      ...options,
      reconcileSchedule: "*/2 * * * * *",
      sendActionsSchedule: "*/3 * * * *",
    })
    container.register(RETAIL_FINANCING_MODULE, asValue(module))

    expect(reconcileJob.schedule).toBe("*/2 * * * * *")
    expect(sendActionsJob.schedule).toBe("*/3 * * * *")
  })
})
