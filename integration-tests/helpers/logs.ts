import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export interface WatchedLogs {
  warn: string[]
  error: string[]
  /** Lines of either level that mention `text`. */
  mentioning: (text: string) => { warn: string[]; error: string[] }
}

/**
 * Watches the app's own logger for the tests of a file: each test starts with empty lists, and every line
 * still goes where it went (the logger is wrapped, not replaced). Call at the top of a testSuite.
 */
export function watchLogs(getContainer: () => MedusaContainer): WatchedLogs {
  const logs: WatchedLogs = {
    warn: [],
    error: [],
    mentioning: (text) => ({
      warn: logs.warn.filter((line) => line.includes(text)),
      error: logs.error.filter((line) => line.includes(text)),
    }),
  }
  let restore: (() => void) | undefined
  beforeEach(() => {
    const logger = getContainer().resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const original = { warn: logger.warn, error: logger.error }
    logs.warn.length = 0
    logs.error.length = 0
    for (const level of ["warn", "error"] as const) {
      const write = original[level].bind(logger) as (...args: unknown[]) => void
      logger[level] = ((message: unknown, ...rest: unknown[]) => {
        logs[level].push(String(message))
        return write(message, ...rest)
      }) as Logger["warn"]
    }
    restore = () => Object.assign(logger, original)
  })
  afterEach(() => restore?.())
  return logs
}
