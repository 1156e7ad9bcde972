import type { MedusaContainer } from "@medusajs/framework/types"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosInstance } from "axios"

import type { SandboxOptionsInput } from "../../src/sandbox"
import { type AuthHeaders, createAdminAuthHeaders } from "./admin"
import { type CheckoutSeed, seedCheckoutStore } from "./checkout-seed"
import {
  type FinancingEnvironment,
  RECONCILE_JOB,
  stopFinancingJobs,
  stopScheduledJob,
  useFinancingEnvironment,
} from "./financing-environment"
import { countMedusaWork } from "./medusa-idle"
import { type StorefrontAccess, createStorefrontAccess } from "./store"

/** What a spec file (or bench) gets: the booted app, the sandbox behind it, and what was seeded once. */
export interface FinancingSuite {
  api: AxiosInstance
  getContainer: () => MedusaContainer
  financing: FinancingEnvironment
  /** The checkout store (`seed: "checkout"`). */
  seed: CheckoutSeed
  /** A publishable key on its own sales channel (`storefront: true`; a checkout seed has its own). */
  storefront: StorefrontAccess
  /** A logged-in admin user's headers (`admin: true`). */
  adminHeaders: AuthHeaders
  /** Resolves once Medusa is idle: its workflows, subscribers and requests done (medusa-idle.ts). */
  medusaIdle: () => Promise<void>
}

export interface FinancingSuiteOptions {
  /** Sandbox settings for this file: faults, how fast returns settle and invoices are approved. */
  sandbox?: SandboxOptionsInput
  /** "checkout": the store every checkout test needs (seedCheckoutStore). */
  seed?: "checkout"
  storefront?: boolean
  admin?: boolean
  /**
   * Plugin jobs whose schedule is stopped, so they cannot act at a five-minute mark of the wall clock
   * while a test runs; the tests that need them call them. Left out: both jobs keep their schedule.
   */
  stopJobs?: "reconcile" | "all"
  /**
   * Runs once the sandbox is up and before Medusa boots and reads medusa-config.ts: the place to put
   * something between the app and the sandbox (the environment is restored after the file).
   */
  beforeBoot?: (financing: FinancingEnvironment) => Promise<void>
  /**
   * The app's callbackAnswerWithinMs for this file; TEST_CALLBACK_ANSWER_WITHIN_MS when left out, so that
   * a callback is answered once its sync is done however loaded the machine is.
   */
  callbackAnswerWithinMs?: number
  testSuite: (suite: FinancingSuite) => void
}

/**
 * The one integration set-up of every spec file and bench: starts the sandbox and the proxy that counts
 * the service calls, hands their addresses and the app's port to medusa-config.ts, boots Medusa on a fresh
 * database (medusaIntegrationTestRunner), seeds once in beforeAll (the runner snapshots the database after
 * it and restores it before each test), stops the jobs asked for, and stops the sandbox after the file.
 * After each test it waits until Medusa is idle (medusa-idle.ts), so no work of one test runs on into the
 * database the next one starts from.
 */
export function financingIntegrationSuite(options: FinancingSuiteOptions): void {
  // Registered before the runner's own beforeAll, so the sandbox and the port exist when Medusa boots.
  const financing = useFinancingEnvironment(
    options.sandbox,
    options.beforeBoot,
    options.callbackAnswerWithinMs
  )
  // Counts workflow runs from here on, before the app boots and runs its first.
  const work = countMedusaWork()

  // Filled in by the beforeAll below, so a test body can name them from the start.
  const seed = options.seed ? ({} as CheckoutSeed) : notSeeded<CheckoutSeed>("seed", 'seed: "checkout"')
  const storefront = options.storefront
    ? ({} as StorefrontAccess)
    : notSeeded<StorefrontAccess>("storefront", "storefront: true")
  const adminHeaders = options.admin
    ? ({} as AuthHeaders)
    : notSeeded<AuthHeaders>("adminHeaders", "admin: true")

  medusaIntegrationTestRunner({
    testSuite: ({ api, getContainer }) => {
      beforeAll(async () => {
        const container = getContainer()
        work.start(container)
        if (options.seed) Object.assign(seed, await seedCheckoutStore(container))
        if (options.storefront) Object.assign(storefront, await createStorefrontAccess(container))
        if (options.admin) Object.assign(adminHeaders, await createAdminAuthHeaders(container, api))
        if (options.stopJobs === "all") stopFinancingJobs()
        else if (options.stopJobs === "reconcile") stopScheduledJob(RECONCILE_JOB)
      })

      options.testSuite({
        api: api as AxiosInstance,
        getContainer,
        financing,
        seed,
        storefront,
        adminHeaders,
        medusaIdle: () => work.untilIdle(),
      })

      // Before the runner's next restore: whatever the test started has ended. Declared after the file's
      // own afterEach hooks, so it runs after them (a browser closed, a fault cleared).
      afterEach(() => work.untilIdle())
    },
  })
}

/** Stands in for something the file did not ask to seed: reading it says which option to add. */
function notSeeded<T extends object>(name: string, option: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      throw new Error(
        `${name}.${String(property)}: nothing was seeded for it; give financingIntegrationSuite ${option}`
      )
    },
  })
}
