import { OPTION_DEFAULTS, type RetailFinancingOptions, parseOptions } from "./options"

export type JobScheduleOption = "reconcileSchedule" | "sendActionsSchedule"

let remembered: Pick<RetailFinancingOptions, JobScheduleOption> | undefined

/**
 * Keeps the jobs' schedules from the plugin's options. Medusa gives a job file no options, but it reads the
 * file's `config.schedule` once, as it loads the jobs, after it has loaded the plugin's module: the module's
 * loader (modules/retail-financing/index.ts) calls this with the options Medusa gave the module.
 */
export function rememberJobSchedules(raw: Record<string, unknown>): void {
  const options = parseOptions(raw)
  remembered = {
    reconcileSchedule: options.reconcileSchedule,
    sendActionsSchedule: options.sendActionsSchedule,
  }
}

/**
 * A plugin job's cron schedule: a job's `schedule` is a getter that asks here, so the store's option is what
 * Medusa schedules. Outside a Medusa app (the manifest script, a test that imports a job for its name) no
 * module was loaded, and the default is the answer.
 */
export function jobSchedule(option: JobScheduleOption): string {
  return remembered?.[option] ?? OPTION_DEFAULTS[option]
}
