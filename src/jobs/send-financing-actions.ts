import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

import { jobSchedule } from "../config/job-schedules"
import { listDueFinancingActionsWorkflow } from "../workflows/post-sale/workflows/list-due-financing-actions"
import { sendFinancingActions } from "../workflows/post-sale/utils/send-actions"

/**
 * Every minute (option sendActionsSchedule), sends post-sale actions that are due. Each action is claimed
 * in the database before it is sent, so runs on several instances (or a run meeting a subscriber) never send
 * one twice.
 */
export default async function sendFinancingActionsJob(container: MedusaContainer): Promise<void> {
  const { result: due } = await listDueFinancingActionsWorkflow(container).run()
  const outcomes = Object.values(await sendFinancingActions(container, due.action_ids))
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
