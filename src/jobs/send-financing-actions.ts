import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { jobSchedule } from "../config/job-schedules"
import { sendDueFinancingActionsWorkflow } from "../workflows/post-sale/workflows/send-due-financing-actions"

/**
 * Every minute (option sendActionsSchedule), sends post-sale actions that are due. Each action is claimed
 * in the database before it is sent, so runs on several instances (or a run meeting a subscriber) never send
 * one twice.
 */
export default async function sendFinancingActionsJob(container: MedusaContainer): Promise<void> {
  const { result } = await sendDueFinancingActionsWorkflow(container).run()
  const outcomes = Object.values(result)
  if (outcomes.length === 0) return
  const count = (outcome: string) => outcomes.filter((candidate) => candidate === outcome).length
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(
      `retail-financing: post-sale actions: ${count("sent")} sent, ${count("rescheduled")} to retry, ` +
        `${count("failed")} failed`
    )
}

export const config = {
  name: "retail-financing-send-actions",
  // Read once, as Medusa loads the job: the store's option, or every minute.
  get schedule(): string {
    return jobSchedule("sendActionsSchedule")
  },
}
