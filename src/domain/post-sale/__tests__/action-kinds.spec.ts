import { ACTION_KINDS, isActionKind } from "../action-kinds"

describe("isActionKind", () => {
  it.each([...ACTION_KINDS])("knows %s", (kind) => {
    expect(isActionKind(kind)).toBe(true)
  })

  it.each(["", "Return", "refund", "order_references ", "constructor"])("refuses %p", (kind) => {
    expect(isActionKind(kind)).toBe(false)
  })
})
