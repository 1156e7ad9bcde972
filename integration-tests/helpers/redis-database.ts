import { randomUUID } from "node:crypto"

// Medusa's own Redis client (its Redis modules depend on it): the tests add no Redis library of their own.
import Redis from "ioredis"

/*
 * A Redis logical database of a test's own, so that Medusa processes of two test runs (another spec file,
 * another worktree's CI) never share queues, locks or scheduled jobs: each claims a free database number
 * from 1 to 15 with a key in database 0 (SET NX, with an expiry so that a killed run's claim lapses), and
 * flushes it when done. A database is taken only when it is empty or marked as a test's: a developer's data
 * in another database of the same Redis is never flushed.
 */

const DEFAULT_SERVER = "redis://127.0.0.1:6379"
const CLAIM_PREFIX = "retail-financing-tests:redis-db:"
const MARK = "retail-financing-tests:owned-by"
/** Longer than any spec file: a claim outlives its run only when the run was killed. */
const CLAIM_SECONDS = 3_600

export class RedisDatabase {
  private constructor(
    private readonly claims: Redis,
    private readonly client: Redis,
    readonly number: number,
    readonly url: string,
    private readonly owner: string
  ) {}

  /** Claims a free database on the server (REDIS_TEST_URL, or Redis on loopback's default port). */
  static async claim(server = process.env.REDIS_TEST_URL || DEFAULT_SERVER): Promise<RedisDatabase> {
    const owner = `${process.pid}:${randomUUID()}`
    const claims = new Redis(`${server}/0`, { lazyConnect: true, maxRetriesPerRequest: 1 })
    await claims.connect().catch((error: Error) => {
      throw new Error(`Redis is not answering at ${server} (${error.message}): start it (.ci/run does)`)
    })
    for (let number = 1; number <= 15; number += 1) {
      const taken = await claims.set(`${CLAIM_PREFIX}${number}`, owner, "EX", CLAIM_SECONDS, "NX")
      if (taken !== "OK") continue
      const url = `${server}/${number}`
      const client = new Redis(url, { maxRetriesPerRequest: 1 })
      const ours = (await client.dbsize()) === 0 || (await client.exists(MARK)) === 1
      if (ours) {
        // A killed run's leftovers (its claim lapsed): its queues and scheduled jobs must not reach this run.
        await client.flushdb()
        await client.set(MARK, owner)
        return new RedisDatabase(claims, client, number, url, owner)
      }
      client.disconnect()
      await claims.del(`${CLAIM_PREFIX}${number}`)
    }
    claims.disconnect()
    throw new Error(
      `no free Redis database on ${server}: databases 1 to 15 are all claimed or hold others' data`
    )
  }

  /** Keys matching a pattern (SCAN, never KEYS): what Medusa's modules keep here. */
  async keys(pattern: string): Promise<string[]> {
    const found: string[] = []
    let cursor = "0"
    do {
      const [next, batch] = await this.client.scan(cursor, "MATCH", pattern, "COUNT", 500)
      found.push(...batch)
      cursor = next
    } while (cursor !== "0")
    return found
  }

  /** The members of a sorted set (BullMQ keeps a queue's repeatable jobs in one). */
  async sortedSet(key: string): Promise<string[]> {
    return this.client.zrange(key, 0, -1)
  }

  /** Flushes the database and gives the number back; the clients are closed. */
  async release(): Promise<void> {
    try {
      await this.client.flushdb()
      const claim = `${CLAIM_PREFIX}${this.number}`
      if ((await this.claims.get(claim)) === this.owner) await this.claims.del(claim)
    } finally {
      this.client.disconnect()
      this.claims.disconnect()
    }
  }
}
