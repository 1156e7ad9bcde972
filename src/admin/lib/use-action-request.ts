import { toast } from "@medusajs/ui"
import { useCallback, useState } from "react"
import { errorMessage, type ActionResponse, type PostSaleAction } from "./api"
import { actionOutcome } from "./format"

/**
 * Sends one post-sale action and tells the merchant how it went. Every button of the widget goes through
 * here so the toasts and the refresh afterwards are the same for all of them. Resolves to the recorded
 * action, or null when the API refused the request (the form that sent it may then stay open).
 */
export function useActionRequest(onSettled: () => void) {
  const [isRunning, setIsRunning] = useState(false)

  const run = useCallback(
    async (request: () => Promise<ActionResponse>): Promise<PostSaleAction | null> => {
      setIsRunning(true)
      try {
        const { action } = await request()
        const outcome = actionOutcome(action)
        if (outcome.tone === "error") {
          toast.error(outcome.text)
        } else {
          toast.success(outcome.text)
        }
        return action
      } catch (error) {
        toast.error(errorMessage(error))
        return null
      } finally {
        setIsRunning(false)
        onSettled()
      }
    },
    [onSettled]
  )

  return { run, isRunning }
}
