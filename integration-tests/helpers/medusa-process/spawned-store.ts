import { randomUUID } from "node:crypto"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"

import { Client, Pool } from "@medusajs/framework/pg"
import axios, { type AxiosInstance } from "axios"

import { layOutMedusaApp } from "../../../demo/lib/medusa-app"
import { medusaEnvironment } from "../../../demo/lib/medusa-env"
import { MedusaProcess } from "../../../demo/lib/medusa-process"
import { SANDBOX_STORE } from "../../../demo/lib/sandbox"
import { loadOrCreateSecrets } from "../../../demo/lib/secrets"
import { type DemoSettings, readSettings } from "../../../demo/lib/settings"
import { prepareStoreData } from "../../../demo/lib/store-data"
import type { RetailFinancingOptionsInput } from "../../../src/config/options"
import { type RunningSandbox, type SandboxOptionsInput, startSandbox } from "../../../src/sandbox"
import type { StoreCheckout } from "../checkout-seed"
import { FaultProxy } from "../fault-proxy"
import { freePort } from "../free-port"
import { MedusaInstance, type WorkerMode } from "./medusa-instance"

/*
 * A real Medusa server process with the plugin, for tests of what survives a crash (CONTRIBUTING.md, "Fault
 * tests"): `medusa start` spawned in a process group of its own on a database of the test's own, with the
 * sandbox as the financing service. Fault proxies stand on both ways between them: the plugin's calls to
 * the service (`service`) and the service's status callbacks to Medusa (`callbacks`). Medusa can be killed
 * with SIGKILL and started again on the same database and ports.
 *
 * It is the demo's app (demo/lib: the app folder, the migrations, the seed, the process handling), laid
 * out once per spec file with a config of its own (medusa-config.js here: no dashboard, the test's plugin
 * options); only `medusa start` runs again on a restart.
 *
 * With `redisUrl`, the app has Medusa's Redis modules (demo/medusa/redis-modules.js), and more processes of
 * the same app can be started beside the store's own (addInstance): servers and workers sharing the
 * database and Redis, as a production store runs (integration-tests/topology/).
 */

export interface SpawnedStoreOptions {
  /** Sandbox settings: faults, callback retries, how fast returns settle. */
  sandbox?: SandboxOptionsInput
  /** Plugin options over the demo store's (demo/medusa/medusa-config.js), e.g. `{ timeoutMs: 1000 }`. */
  pluginOptions?: Partial<RetailFinancingOptionsInput>
  /** More environment for Medusa's processes (it wins over the harness's own, LOG_LEVEL included). */
  env?: Record<string, string>
  /**
   * false: the app loads none of the plugin's scheduled jobs, so nothing reconciles at a five-minute mark
   * of the wall clock behind the test's back; the test runs a job when it chooses (runJob). Default true.
   */
  scheduledJobs?: boolean
  /**
   * Medusa's Redis modules (event bus, workflow engine, locking, cache) on this Redis database: a database
   * of the test's own (RedisDatabase), since scheduled jobs and queues live there. In-memory modules without.
   */
  redisUrl?: string
  /** The workerMode of the store's own process (start()); "shared" (Medusa's default) when left out. */
  workerMode?: WorkerMode
  /** What failure messages call the store's own process; "Medusa" when left out. */
  name?: string
}

const CONFIG_FILE = "integration-tests/helpers/medusa-process/medusa-config.js"
const RUN_JOB_SCRIPT = path.join(__dirname, "run-job.js")

/** The one flat shipping option and the three products of the demo's seed, by SKU (demo/medusa/seed.js). */
const DEMO_SKUS = ["DEMO-1", "DEMO-2", "DEMO-3"]

export class SpawnedStore {
  /** The store's own `medusa start` (start(), kill()), at `url`. */
  readonly main: MedusaInstance
  /** Processes added beside it (addInstance), stopped with it by cleanUp. */
  private readonly instances: MedusaInstance[] = []
  /** Medusa's database, for the test's reads: a pool, so that several reads can run at once. */
  private readonly database: Pool

  private constructor(
    private readonly settings: DemoSettings,
    private readonly env: NodeJS.ProcessEnv,
    /** The financing service's stand-in, in the test's process: it outlives every Medusa process. */
    readonly sandbox: RunningSandbox,
    /** The plugin's only way to the sandbox: faults of the service are put here. */
    readonly service: FaultProxy,
    /** The sandbox's only way to Medusa (the plugin's backendUrl): faults of callbacks are put here. */
    readonly callbacks: FaultProxy,
    /** Where Medusa listens, the same across restarts (callback URLs name it). */
    readonly url: string,
    /** Filled in by prepare(), once the seed is known. */
    readonly checkout: StoreCheckout,
    /** The store API, with the seed's publishable key sent by the checkout helpers. */
    readonly api: AxiosInstance,
    /** The plugin options every process is given (RETAIL_FINANCING_TEST_OPTIONS), callback URL included. */
    private readonly pluginOptions: Partial<RetailFinancingOptionsInput>,
    workerMode: WorkerMode,
    name: string
  ) {
    this.database = new Pool({ connectionString: settings.databaseUrl, max: 4 })
    // An idle connection the server ends (the database dropped with FORCE at cleanUp) is reported on the pool;
    // without a listener node-postgres throws it as an unhandled error. A query's own failure still rejects.
    this.database.on("error", () => undefined)
    this.main = new MedusaInstance(name, workerMode, url, settings, env)
  }

  /**
   * Starts the sandbox and the fault proxy, creates the database, lays out the app, migrates and seeds:
   * everything a spec file does once. Medusa is not started yet (start()).
   */
  static async prepare(options: SpawnedStoreOptions = {}): Promise<SpawnedStore> {
    const database = `retail_financing_fault_${process.pid}_${Date.now().toString(36)}`
    const settings = readSettings({
      DEMO_DATABASE: database,
      DEMO_RESET: "1",
      DEMO_POSTGRES_URL: process.env.DEMO_POSTGRES_URL,
      DEMO_ADMIN_PASSWORD: randomUUID(),
    })
    mkdirSync(settings.stateDir, { recursive: true })
    writeFileSync(settings.logFile, "")
    const secrets = loadOrCreateSecrets(settings.secretsFile)

    const sandbox = await startSandbox({
      port: 0,
      credentials: { ...SANDBOX_STORE, password: secrets.sandboxPassword },
      callbackRetryDelayMs: 50,
      log: () => undefined,
      ...options.sandbox,
    })
    const service = await FaultProxy.start(sandbox.url)
    const url = `http://${settings.host}:${await freePort()}`
    const callbacks = await FaultProxy.start(url)
    const pluginOptions = { backendUrl: callbacks.url, ...options.pluginOptions }
    const env: NodeJS.ProcessEnv = {
      ...medusaEnvironment({
        settings,
        secrets,
        backendUrl: url,
        // Nothing listens there: a fault test drives the store API itself.
        storefrontUrl: "http://127.0.0.1:8000",
        sandboxUrl: service.url,
      }),
      RETAIL_FINANCING_TEST_OPTIONS: JSON.stringify(pluginOptions),
      // demo/medusa/medusa-config.js adds the Redis modules for it; migrations run with them too.
      ...(options.redisUrl ? { DEMO_REDIS_URL: options.redisUrl } : {}),
      // The log file is what a failed test shows; jest's LOG_LEVEL=error would leave it empty.
      LOG_LEVEL: "info",
      ...options.env,
    }
    // The test runner's, not Medusa's.
    delete env.NODE_OPTIONS
    delete env.JEST_WORKER_ID

    const store = new SpawnedStore(
      settings,
      env,
      sandbox,
      service,
      callbacks,
      url,
      {} as StoreCheckout,
      axios.create(),
      pluginOptions,
      options.workerMode ?? "shared",
      options.name ?? "Medusa"
    )
    try {
      const leaveOut = options.scheduledJobs === false ? ["jobs"] : []
      layOutMedusaApp(settings, { configFile: CONFIG_FILE, leaveOut })
      const seed = await prepareStoreData(
        settings,
        (...args) => new MedusaProcess(settings, args, env).start().finished(),
        () => undefined
      )
      Object.assign(store.checkout, {
        headers: { "x-publishable-api-key": seed.publishableKey },
        regionId: seed.regionId,
        ...(await store.readCatalog()),
      })
      store.api.defaults.baseURL = url
    } catch (error) {
      await store.cleanUp()
      throw error
    }
    return store
  }

  /** Starts `medusa start` and waits until it answers /health. */
  async start(): Promise<void> {
    await this.main.start()
  }

  /** SIGKILL to Medusa's whole process group, as a crash or the OOM killer would; waits until it is gone. */
  async kill(): Promise<void> {
    await this.main.kill()
  }

  /**
   * Another `medusa start` of the same app, database and Redis, on a port of its own, in a worker mode, with
   * plugin options over the store's (a job schedule, say); not started yet. Its log is a file of its own.
   */
  async addInstance(
    name: string,
    workerMode: WorkerMode,
    { pluginOptions = {} }: { pluginOptions?: Partial<RetailFinancingOptionsInput> } = {}
  ): Promise<MedusaInstance> {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-")
    const instance = new MedusaInstance(
      name,
      workerMode,
      `http://${this.settings.host}:${await freePort()}`,
      { ...this.settings, logFile: path.join(this.settings.stateDir, `medusa-${slug}.log`) },
      {
        ...this.env,
        RETAIL_FINANCING_TEST_OPTIONS: JSON.stringify({ ...this.pluginOptions, ...pluginOptions }),
      }
    )
    this.instances.push(instance)
    return instance
  }

  /**
   * Runs a plugin job once, now, in a process of its own (`medusa exec`; Medusa itself may be up or down):
   * `runJob("reconcile-financing-applications")`. Resolves when the job has finished.
   */
  async runJob(name: string): Promise<void> {
    await new MedusaProcess(this.settings, ["exec", RUN_JOB_SCRIPT, name], this.env).start().finished()
  }

  /** Headers of the seeded admin user, logged in now (a token outlives a restart: same secrets). */
  async adminHeaders(): Promise<{ headers: { authorization: string } }> {
    const { data } = await this.api.post<{ token: string }>("/auth/user/emailpass", this.settings.admin)
    return { headers: { authorization: `Bearer ${data.token}` } }
  }

  /** SIGTERM, as a deploy stops it. */
  async stop(): Promise<void> {
    await this.main.stop()
  }

  get running(): boolean {
    return this.main.running
  }

  /** Reads Medusa's database directly (it may be down): `select` only, whatever the test asserts on. */
  async sql<Row extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
    const { rows } = await this.database.query(text, params)
    return rows as Row[]
  }

  /**
   * Holds every write to the given tables (an EXCLUSIVE lock in a transaction of the test's own: plain reads
   * pass, inserts wait) until `release()`. A test holds the table a step writes to keep Medusa just before
   * that write, then checks with `writesWaitingOn` that Medusa is waiting there before it kills it.
   */
  async holdWrites(tables: string[]): Promise<{ release(): Promise<void> }> {
    const client = await this.database.connect()
    try {
      await client.query("begin")
      // The names are the test's own constants, quoted: safe to put in the statement.
      await client.query(`lock table ${tables.map((table) => `"${table}"`).join(", ")} in exclusive mode`)
    } catch (error) {
      client.release(error as Error)
      throw error
    }
    let released = false
    return {
      release: async () => {
        if (released) return
        released = true
        try {
          await client.query("rollback")
        } finally {
          client.release()
        }
      },
    }
  }

  /** How many statements wait for a lock on this table (a write held by holdWrites, say). */
  async writesWaitingOn(table: string): Promise<number> {
    const [row] = await this.sql<{ waiting: string }>(
      `select count(*) as waiting from pg_locks l join pg_class c on c.oid = l.relation
        where c.relname = $1 and not l.granted`,
      [table]
    )
    return Number(row.waiting)
  }

  /** The last lines Medusa's processes (start, exec, migrations) logged, for a failure message. */
  logTail(lines = 40): string {
    return readFileSync(this.settings.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n")
  }

  /** Kills Medusa if it runs, stops the sandbox and the proxy, drops the database and the app folder. */
  async cleanUp(): Promise<void> {
    const steps = [
      () => this.kill(),
      ...this.instances.map((instance) => () => instance.kill()),
      () => this.database.end(),
      () => this.service.close(),
      () => this.callbacks.close(),
      () => this.sandbox.close(),
      () => this.dropDatabase(),
      async () => rmSync(this.settings.stateDir, { recursive: true, force: true }),
    ]
    // Every step is tried, whatever failed before it.
    const failures: unknown[] = []
    for (const step of steps) await step().catch((error: unknown) => failures.push(error))
    if (failures.length > 0) throw new AggregateError(failures, "cleaning up the spawned store failed")
  }

  private async readCatalog(): Promise<Pick<StoreCheckout, "variantIds" | "shippingOptionId">> {
    const variants = await this.sql<{ id: string; sku: string }>(
      `select id, sku from product_variant where sku = any($1) and deleted_at is null`,
      [DEMO_SKUS]
    )
    const options = await this.sql<{ id: string }>(`select id from shipping_option where deleted_at is null`)
    if (variants.length !== DEMO_SKUS.length || options.length !== 1) {
      throw new Error(
        `the demo seed changed: ${variants.length} of its variants and ${options.length} shipping options`
      )
    }
    return {
      variantIds: DEMO_SKUS.map((sku) => variants.find((variant) => variant.sku === sku)!.id),
      shippingOptionId: options[0].id,
    }
  }

  private async dropDatabase(): Promise<void> {
    const client = new Client({ connectionString: this.settings.maintenanceUrl })
    await client.connect()
    try {
      // FORCE: a killed Medusa's connections may not be gone yet. The name was made above: safe to quote.
      await client.query(`drop database if exists "${this.settings.database}" with (force)`)
    } finally {
      await client.end()
    }
  }
}

/**
 * A spawned store for a spec file: prepared and started before its tests, always cleaned up after them
 * (killed, database dropped), even when one failed. The object is filled in by the time a test runs.
 */
export function useSpawnedStore(options: SpawnedStoreOptions = {}): SpawnedStore {
  const holder = {} as { store?: SpawnedStore }
  beforeAll(async () => {
    holder.store = await SpawnedStore.prepare(options)
    await holder.store.start()
  }, 300_000)
  afterAll(async () => {
    await holder.store?.cleanUp()
  }, 60_000)
  return new Proxy({} as SpawnedStore, {
    get(_target, property) {
      if (!holder.store) throw new Error("the spawned store is not ready: use it inside a test")
      const value = Reflect.get(holder.store, property, holder.store) as unknown
      // Methods keep their object; a property that happens to be callable (the axios instance) stays as it is.
      const method = typeof value === "function" && Object.hasOwn(SpawnedStore.prototype, property)
      return method ? (value as (...args: unknown[]) => unknown).bind(holder.store) : value
    },
  })
}
