import { WorkflowManager } from "@medusajs/framework/orchestration"

import { config as reconcileJob } from "../../src/jobs/reconcile-financing-applications"
import { config as sendActionsJob } from "../../src/jobs/send-financing-actions"
import type { ApplicationInput } from "../../src/lib/financing/schemas"
import {
  type FaultSettings,
  type RunningSandbox,
  type SandboxOptionsInput,
  startSandbox,
} from "../../src/sandbox"
import { CountingProxy } from "../../src/sandbox/__tests__/contract/support/http-helpers"
import { freePort } from "./free-port"

/** The credentials medusa-config.ts gives the plugin in the integration app. */
export const SANDBOX_CREDENTIALS = {
  username: "integration-tests",
  password: "integration-tests-password",
  storeCode: "TEST-STORE",
}

export interface FinancingEnvironment {
  sandbox: RunningSandbox
  /**
   * Every request Medusa made to the service: the plugin is pointed at this proxy, which forwards to the
   * sandbox and logs method, path and answer (the sandbox's control endpoints are called directly).
   */
  serviceRequests: CountingProxy
  /** Where the Medusa app under test will listen (the callback target). */
  backendUrl: string
  close: () => Promise<void>
}

/**
 * How long the integration app's status callbacks wait for their sync (the callbackAnswerWithinMs option):
 * longer than any sync takes on a loaded machine, so a callback's answer says what its sync did, and
 * `callbacksSettled` means Medusa is done. The store's default (3 s) answers 202 when a completion runs
 * longer, which under load it does; the spec of that bound sets it back (checkout-slow-service.spec.ts).
 */
export const TEST_CALLBACK_ANSWER_WITHIN_MS = 60_000

/**
 * Starts the sandbox and fixes the port Medusa will listen on, then hands both to medusa-config.ts through
 * the environment, with the callbacks' answer bound. useFinancingEnvironment runs it before
 * `medusaIntegrationTestRunner` boots the app.
 */
export async function startFinancingEnvironment(
  sandboxOptions: SandboxOptionsInput = {},
  callbackAnswerWithinMs = TEST_CALLBACK_ANSWER_WITHIN_MS
): Promise<FinancingEnvironment> {
  const port = await freePort()
  const sandbox = await startSandbox({
    port: 0,
    credentials: SANDBOX_CREDENTIALS,
    callbackRetryDelayMs: 50,
    // The sandbox waits for Medusa's answer longer than Medusa may take to give it.
    callbackTimeoutMs: callbackAnswerWithinMs + 5_000,
    ...sandboxOptions,
  })
  const serviceRequests = await CountingProxy.start(sandbox.url)
  const backendUrl = `http://127.0.0.1:${port}`
  const previous = {
    PORT: process.env.PORT,
    RETAIL_FINANCING_BASE_URL: process.env.RETAIL_FINANCING_BASE_URL,
    RETAIL_FINANCING_BACKEND_URL: process.env.RETAIL_FINANCING_BACKEND_URL,
    RETAIL_FINANCING_CALLBACK_ANSWER_WITHIN_MS: process.env.RETAIL_FINANCING_CALLBACK_ANSWER_WITHIN_MS,
  }
  process.env.PORT = String(port)
  process.env.RETAIL_FINANCING_CALLBACK_ANSWER_WITHIN_MS = String(callbackAnswerWithinMs)
  process.env.RETAIL_FINANCING_BASE_URL = serviceRequests.url
  process.env.RETAIL_FINANCING_BACKEND_URL = backendUrl
  return {
    sandbox,
    serviceRequests,
    backendUrl,
    close: async () => {
      for (const [key, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[key]
        else process.env[key] = value
      }
      await serviceRequests.close()
      await sandbox.close()
    },
  }
}

/**
 * Starts the financing environment before Medusa boots and stops it after the file; financingIntegrationSuite
 * calls it first, so its `beforeAll` runs before the runner's. The returned object is filled in by then.
 * `beforeBoot` runs once the sandbox is up, before Medusa reads medusa-config.ts; `callbackAnswerWithinMs`
 * replaces TEST_CALLBACK_ANSWER_WITHIN_MS for the file.
 */
export function useFinancingEnvironment(
  sandboxOptions: SandboxOptionsInput = {},
  beforeBoot?: (financing: FinancingEnvironment) => Promise<void>,
  callbackAnswerWithinMs?: number
): FinancingEnvironment {
  const environment = {} as FinancingEnvironment
  beforeAll(async () => {
    Object.assign(environment, await startFinancingEnvironment(sandboxOptions, callbackAnswerWithinMs))
    await beforeBoot?.(environment)
  })
  afterAll(async () => {
    await environment.close?.()
  })
  return environment
}

/** The sandbox's own record of an application (its control endpoint). */
export async function sandboxApplication(sandbox: RunningSandbox, publicId: string) {
  const response = await fetch(`${sandbox.url}/sandbox/applications/${publicId}`)
  if (!response.ok) throw new Error(`sandbox has no application ${publicId}: ${response.status}`)
  return ((await response.json()) as { application: SandboxRecord }).application
}

/** Every application the sandbox holds, whatever its store. */
export async function sandboxApplications(sandbox: RunningSandbox): Promise<SandboxRecord[]> {
  const response = await fetch(`${sandbox.url}/sandbox/applications`)
  if (!response.ok) throw new Error(`sandbox did not list its applications: ${response.status}`)
  return ((await response.json()) as { applications: SandboxRecord[] }).applications
}

export interface SandboxCallback {
  eventId: string
  status: string
  previousStatus: string
  changedAt: string
  delivered: boolean
  dropped: boolean
  attempts: number
  lastError: string | null
}

export interface SandboxRecord {
  publicId: string
  status: string
  input: ApplicationInput & { referenceNumber?: string }
  callbacks: SandboxCallback[]
  callbackUrl: string | null
  createdAt: string
  /** Every order reference the store attached (a set: the same reference twice is kept once). */
  orderReferences: string[]
  /** The contract's figures, null until it is signed. */
  contract: {
    invoiceAmount: number | null
    borrowedAmount: number | null
    totalInStorePayment: number | null
  }
  /** What the application was made for: its products' total. */
  total: number
}

/** Changes some of the sandbox's fault settings (the rest stay as they are). */
export async function setSandboxFaults(
  sandbox: RunningSandbox,
  faults: Partial<FaultSettings>
): Promise<void> {
  const response = await fetch(`${sandbox.url}/sandbox/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(faults),
  })
  if (!response.ok) throw new Error(`sandbox refused faults ${JSON.stringify(faults)}: ${response.status}`)
}

/**
 * Waits until the application has at least `count` callbacks and each one was answered 2xx or dropped on
 * purpose. The plugin's route answers only once Medusa has done its work (within the app's long answer
 * bound, TEST_CALLBACK_ANSWER_WITHIN_MS), so after this Medusa is done.
 */
export async function callbacksSettled(
  sandbox: RunningSandbox,
  publicId: string,
  count = 1,
  timeoutMs = 30_000
): Promise<SandboxRecord> {
  return eventually(async () => {
    const application = await sandboxApplication(sandbox, publicId)
    const { callbacks } = application
    const open = callbacks.filter((callback) => !callback.delivered && !callback.dropped)
    if (callbacks.length < count || open.length > 0) {
      throw new Error(
        `${publicId}: ${callbacks.length} of ${count} callbacks, not settled: ${JSON.stringify(open)}`
      )
    }
    return application
  }, timeoutMs)
}

/**
 * Stops the in-process schedule of a plugin job, so that it cannot run in the middle of a test at a
 * five-minute mark of the wall clock; tests call the job's function themselves. Throws when no such job
 * was registered, so a renamed job cannot make this a silent no-op.
 */
export function stopScheduledJob(name: string): void {
  const workflow = WorkflowManager.getWorkflow(`job-${name}`)
  if (!workflow?.options.schedule) throw new Error(`no scheduled job named ${name} was registered`)
  WorkflowManager.unregister(`job-${name}`)
}

export const RECONCILE_JOB = reconcileJob.name

/** Stops both plugin jobs, for tests that reconcile and send post-sale actions themselves, when they mean to. */
export function stopFinancingJobs(): void {
  stopScheduledJob(RECONCILE_JOB)
  stopScheduledJob(sendActionsJob.name)
}

/**
 * Moves an application at the sandbox, as a shopper or the lender would, one callback per step. With
 * `signedFor`, the walk signs the contract for that `invoiceAmount` instead of the whole cart (the shopper
 * financed less; docs/sandbox.md).
 */
export async function moveApplication(
  sandbox: RunningSandbox,
  publicId: string,
  status: string,
  signedFor?: { invoiceAmount: number }
): Promise<void> {
  const response = await fetch(`${sandbox.url}/sandbox/applications/${publicId}/status`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ status, ...signedFor }),
  })
  if (!response.ok) throw new Error(`sandbox refused ${status} for ${publicId}: ${await response.text()}`)
}

/** Polls until `check` passes or the time is up; the last failure is what the test reports. */
export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs = 10_000,
  intervalMs = 100
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
    }
  }
}
