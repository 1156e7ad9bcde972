import { container } from "@medusajs/framework"

import { OPTION_DEFAULTS } from "../../config/options"
import { RETAIL_FINANCING_MODULE } from "./index"
import type RetailFinancingModuleService from "./service"

export type JobScheduleOption = "reconcileSchedule" | "sendActionsSchedule"

/**
 * A plugin job's cron schedule, from the plugin's options. Medusa gives a job file no options, but it reads
 * the file's `config.schedule` once, as it loads the jobs, after it has registered the plugin's module (which
 * holds the options) in its container: a job's `schedule` is a getter that asks here, so the store's option
 * is what Medusa schedules. Outside a Medusa app (the manifest script, a test that imports a job for its name)
 * there is no module, and the default is the answer.
 */
export function jobSchedule(option: JobScheduleOption): string {
  if (!container.hasRegistration(RETAIL_FINANCING_MODULE)) return OPTION_DEFAULTS[option]
  return container.resolve<RetailFinancingModuleService>(RETAIL_FINANCING_MODULE).getOptions()[option]
}
