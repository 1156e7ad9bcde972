import { container } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"

import { config as reconcileJob } from "../../jobs/reconcile-financing-applications"
import { config as sendActionsJob } from "../../jobs/send-financing-actions"
import RetailFinancingModule, { RETAIL_FINANCING_MODULE } from "../../modules/retail-financing"
import { VALID_OPTIONS } from "./support/valid-options"

const options = VALID_OPTIONS
const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() } as unknown as Logger

/** Runs the module's loaders as Medusa does when it loads the plugin's module, before it loads the jobs. */
async function loadModule(moduleOptions: Record<string, unknown>) {
  for (const loader of RetailFinancingModule.loaders ?? []) {
    await loader({ container: {} as never, logger, options: moduleOptions } as never)
  }
}

// Jest gives each spec file its own module registry, so what a loader remembers here is this file's alone.
describe("the jobs' schedules", () => {
  it("are the defaults outside a Medusa app (no plugin module registered)", () => {
    expect(container.hasRegistration(RETAIL_FINANCING_MODULE)).toBe(false)
    expect(reconcileJob.schedule).toBe("*/5 * * * *")
    expect(sendActionsJob.schedule).toBe("* * * * *")
  })

  it("are the store's options once Medusa has loaded the plugin's module, as it has when it loads jobs", async () => {
    await loadModule({
      ...options,
      reconcileSchedule: "*/2 * * * * *",
      sendActionsSchedule: "*/3 * * * *",
    })

    expect(reconcileJob.schedule).toBe("*/2 * * * * *")
    expect(sendActionsJob.schedule).toBe("*/3 * * * *")
  })

  it("are read without the framework's global container", async () => {
    await loadModule({ ...options, reconcileSchedule: "*/7 * * * *" })

    expect(container.hasRegistration(RETAIL_FINANCING_MODULE)).toBe(false)
    expect(reconcileJob.schedule).toBe("*/7 * * * *")
  })
})
