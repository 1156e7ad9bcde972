import { readFileSync, readdirSync } from "node:fs"
import { join, relative } from "node:path"

import { ACTION_STATES } from "../src/domain/post-sale/action-kinds"

/**
 * An action's `state` is written by the action queue alone, each write a move of the state machine
 * (src/domain/post-sale/action-states.ts). This reads every server source file for the ways a state can be
 * written past it: Medusa's generated writers of the action table, SQL that changes the table, and a state
 * spelled out as the value of a `state` key.
 */
const ROOT = join(__dirname, "..")
const QUEUE = "src/modules/retail-financing/action-queue.ts"
/** Browser bundles and the sandbox never reach the ledger; migrations create the column. */
const NOT_SERVER = /^src\/(admin|storefront|sandbox)\/|\/__tests__\/|\/migrations\//

const WRITERS = /\b(create|update|upsert|delete|softDelete|restore)FinancingActions\s*\(/
const SQL_WRITE = /\b(UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+retail_financing_action\b/i
/**
 * A state spelled out as an object's `state` (what an update is given), or assigned to an entity's (in
 * TypeScript, not a comparison in SQL such as `action.state = 'succeeded'`: SQL_WRITE finds SQL that writes).
 */
const STATE_LITERAL = new RegExp(`\\bstate\\s*:\\s*["'\`](${ACTION_STATES.join("|")})["'\`]`)
const STATE_ASSIGNED = /\.state\s*=(?!=)(?!\s*')/

/** What in `source` writes an action's state other than through the queue. */
export function rawStateWrites(source: string): string[] {
  return [WRITERS, SQL_WRITE, STATE_LITERAL, STATE_ASSIGNED].flatMap((rule) => source.match(rule)?.[0] ?? [])
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : []
  })
}

const serverFiles = sourceFiles(join(ROOT, "src")).filter((file) => !NOT_SERVER.test(file))

describe("an action's state", () => {
  it("is written nowhere outside the action queue", () => {
    const offenders = serverFiles
      .filter((file) => file !== QUEUE)
      .flatMap((file) =>
        rawStateWrites(readFileSync(join(ROOT, file), "utf8")).map((hit) => `${file}: ${hit}`)
      )
    expect(offenders).toEqual([])
  })

  it("is written in the queue only as a move of the state machine, never as a state spelled out", () => {
    const queue = readFileSync(join(ROOT, QUEUE), "utf8")
    expect(queue.match(STATE_LITERAL)).toBeNull()
    expect(queue).not.toMatch(/SET\s+state\s*=\s*'/i)
    expect(queue).toContain("nextState(")
  })

  it.each([
    ['await financing.updateFinancingActions({ id, state: "failed", next_attempt_at: null })'],
    ['await save({ state: "succeeded", result })'],
    ["await manager.execute(`UPDATE retail_financing_action SET state = 'pending' WHERE id = ?`, [id])"],
    ["await financing.createFinancingActions({ kind, cause })"],
    ["const update = { state: 'unknown' }"],
    ['action.state = "pending"'],
  ])("is found written raw in %s", (source) => {
    expect(rawStateWrites(source)).not.toEqual([])
  })

  it("reads the files it guards (the queue, the steps that send)", () => {
    expect(serverFiles).toContain(QUEUE)
    expect(serverFiles).toContain("src/workflows/post-sale/steps/perform-financing-action.ts")
  })
})
