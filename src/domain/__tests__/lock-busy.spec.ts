import { MedusaError } from "@medusajs/framework/utils"
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"

import { isLockBusy } from "../lock-busy"

/** The error Medusa's own in-memory locking provider throws for a lock another owner holds. */
async function medusaLockFailure(wait: "timeout" | "refused"): Promise<unknown> {
  const locking = new InMemoryLockingProvider()
  await locking.acquire("cart_1", { ownerId: "first", expire: 30 })
  try {
    if (wait === "timeout") await locking.execute("cart_1", async () => undefined, { timeout: 1 })
    else await locking.acquire("cart_1", { ownerId: "second" })
  } catch (error) {
    return error
  } finally {
    await locking.releaseAll()
  }
  throw new Error("the lock was granted twice")
}

describe("isLockBusy", () => {
  it("recognises Medusa's locking module giving up a held lock after its wait", async () => {
    const error = await medusaLockFailure("timeout")
    expect(isLockBusy(error)).toBe(true)
  })

  it("recognises Medusa refusing a lock another owner holds", async () => {
    expect(isLockBusy(await medusaLockFailure("refused"))).toBe(true)
  })

  it("recognises the Redis provider's MedusaError and a workflow's rethrown plain object", () => {
    expect(isLockBusy(new MedusaError(MedusaError.Types.CONFLICT, "Timed-out acquiring lock."))).toBe(true)
    expect(isLockBusy({ message: 'Failed to acquire lock for key "cart_1"', name: "Error" })).toBe(true)
    expect(isLockBusy(new Error('"cart_1" is already locked.'))).toBe(true)
  })

  it("is false for every other failure, a conflict included", () => {
    expect(isLockBusy(new MedusaError(MedusaError.Types.CONFLICT, "Cart is already completed"))).toBe(false)
    expect(isLockBusy(new Error("Request blocked by the service"))).toBe(false)
    expect(isLockBusy({ message: 42 })).toBe(false)
    expect(isLockBusy(null)).toBe(false)
    expect(isLockBusy(undefined)).toBe(false)
    expect(isLockBusy("Timed-out acquiring lock.")).toBe(false)
  })
})
