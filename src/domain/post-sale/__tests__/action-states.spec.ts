import { ACTION_STATES, type ActionState } from "../action-kinds"
import {
  ACTION_MOVES,
  type ActionMove,
  DUE_STATES,
  HELD_STATES,
  IllegalActionMove,
  canMove,
  nextState,
  statesBefore,
} from "../action-states"

type From = ActionState | "unrecorded"

/**
 * Every move an action may make, written out here by hand (not read from ACTION_MOVES), so that a move
 * taken out of the table, or one changed, fails its own line below.
 */
const ALLOWED: [ActionMove, From, ActionState][] = [
  ["record", "unrecorded", "pending"],
  ["queue", "unrecorded", "waiting"],
  ["release", "waiting", "pending"],
  ["claim", "pending", "sending"],
  ["claim", "unknown", "checking"],
  ["claim", "sending", "checking"],
  ["claim", "checking", "checking"],
  ["send", "sending", "sending"],
  ["send", "checking", "sending"],
  ["succeed", "sending", "succeeded"],
  ["succeed", "checking", "succeeded"],
  ["fail", "sending", "failed"],
  ["fail", "checking", "failed"],
  ["outcomeUnknown", "sending", "unknown"],
  ["outcomeUnknown", "checking", "unknown"],
  ["retry", "sending", "pending"],
  ["retry", "checking", "pending"],
  ["requeue", "failed", "pending"],
  ["unrequeue", "pending", "failed"],
]

const MOVES = Object.keys(ACTION_MOVES) as ActionMove[]
const FROM: From[] = ["unrecorded", ...ACTION_STATES]

describe("an action's moves", () => {
  it.each(ALLOWED)("%s: %s -> %s", (move, from, to) => {
    expect(canMove(move, from)).toBe(true)
    expect(nextState(move, from)).toBe(to)
  })

  const refused = MOVES.flatMap((move) =>
    FROM.filter((from) => !ALLOWED.some(([m, f]) => m === move && f === from)).map(
      (from) => [move, from] as const
    )
  )
  it.each(refused)("%s is refused from %s", (move, from) => {
    expect(canMove(move, from)).toBe(false)
    expect(() => nextState(move, from)).toThrow(IllegalActionMove)
  })

  it("refuses a move from a state by name, saying which", () => {
    expect(() => nextState("succeed", "failed")).toThrow("a post-sale action cannot succeed from failed")
  })

  it("refuses a name that is only on Object's prototype", () => {
    expect(() => nextState("claim", "constructor" as From)).toThrow(IllegalActionMove)
  })

  it("lists where a move starts", () => {
    expect(statesBefore("claim").sort()).toEqual(["checking", "pending", "sending", "unknown"])
  })
})

describe("a claim", () => {
  it("takes exactly the due states and the held ones (a held one once its lease ran out)", () => {
    expect(statesBefore("claim").sort()).toEqual([...DUE_STATES, ...HELD_STATES].sort())
  })

  it("holds the action in a held state", () => {
    for (const from of statesBefore("claim")) {
      expect(HELD_STATES).toContain(nextState("claim", from))
    }
  })
})
