import type { RetailFinancingOptionsInput } from "../../../src/config/options"
import type { SandboxOptionsInput } from "../../../src/sandbox"
import { RedisDatabase } from "../redis-database"
import type { MedusaInstance } from "./medusa-instance"
import { SpawnedStore } from "./spawned-store"

/*
 * A store as production runs it (docs/deployment.md): two server processes and a worker of the same app,
 * each a spawned `medusa start` (MEDUSA_WORKER_MODE server or worker), sharing one PostgreSQL database and
 * one Redis database of the test's own through Medusa's Redis modules, with the sandbox as the service
 * behind the fault proxy. The service's status callbacks land on server A (the callbacks proxy forwards
 * there); a test sends the shopper's requests to either server.
 */

export interface Topology {
  /** The prepared app (sandbox, proxies, database reads, the seed); its own process is server A. */
  store: SpawnedStore
  redis: RedisDatabase
  serverA: MedusaInstance
  serverB: MedusaInstance
  /** The first worker: subscribers, scheduled jobs, background workflow steps. */
  worker: MedusaInstance
}

export interface TopologyOptions {
  /** Plugin options of every process. */
  pluginOptions?: Partial<RetailFinancingOptionsInput>
  sandbox?: SandboxOptionsInput
}

/**
 * The topology for a spec file: prepared and started before its tests (the three processes boot at once),
 * always cleaned up after them (processes killed, database dropped, Redis database flushed), even when a
 * test failed. The object is filled in by the time a test runs.
 */
export function useTopology(options: TopologyOptions = {}): Topology {
  const topology = {} as Topology
  beforeAll(async () => {
    topology.redis = await RedisDatabase.claim()
    topology.store = await SpawnedStore.prepare({
      redisUrl: topology.redis.url,
      workerMode: "server",
      name: "server A",
      pluginOptions: options.pluginOptions,
      sandbox: options.sandbox,
    })
    topology.serverA = topology.store.main
    topology.serverB = await topology.store.addInstance("server B", "server")
    topology.worker = await topology.store.addInstance("worker", "worker")
    await Promise.all([topology.serverA, topology.serverB, topology.worker].map((process) => process.start()))
  }, 420_000)
  afterAll(async () => {
    // Both, whatever became of the first.
    const results = await Promise.allSettled([topology.store?.cleanUp(), topology.redis?.release()])
    const failures = results.filter((result) => result.status === "rejected")
    if (failures.length > 0) throw new AggregateError(failures.map((failure) => failure.reason))
  }, 60_000)
  return topology
}
