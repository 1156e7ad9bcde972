import { buildReturnRequest, emptyReturnForm } from "../return-request"

describe("buildReturnRequest", () => {
  it("sends a full return with only its type", () => {
    expect(buildReturnRequest(emptyReturnForm)).toEqual({ ok: true, body: { return_type: "return" } })
  })

  it("sends the amount of a partial return as dollars", () => {
    expect(buildReturnRequest({ ...emptyReturnForm, returnType: "partial", amount: "$1,200.50" })).toEqual({
      ok: true,
      body: { return_type: "partial", amount: 1200.5 },
    })
  })

  it("asks for an amount when a partial return has none", () => {
    const built = buildReturnRequest({ ...emptyReturnForm, returnType: "partial", amount: "" })
    expect(built.ok).toBe(false)
  })

  it("drops an amount left over from the partial type", () => {
    expect(buildReturnRequest({ ...emptyReturnForm, returnType: "redraft", amount: "50" })).toEqual({
      ok: true,
      body: { return_type: "redraft" },
    })
  })

  it("sends the reason id and a trimmed note when given", () => {
    expect(buildReturnRequest({ ...emptyReturnForm, reasonId: "RR-1", note: "  Wrong size  " })).toEqual({
      ok: true,
      body: { return_type: "return", return_reason_id: "RR-1", reason: "Wrong size" },
    })
  })

  it("refuses a note longer than the service takes", () => {
    expect(buildReturnRequest({ ...emptyReturnForm, note: "x".repeat(501) }).ok).toBe(false)
  })

  it("refuses, on the amount field, more than the contract can still give back", () => {
    expect(buildReturnRequest({ ...emptyReturnForm, returnType: "partial", amount: "500" }, 3.04)).toEqual({
      ok: false,
      field: "amount",
      message: "The amount can be at most $3.04, the part of the contract not yet returned.",
    })
  })

  it("takes exactly the maximum", () => {
    expect(buildReturnRequest({ ...emptyReturnForm, returnType: "partial", amount: "3.04" }, 3.04)).toEqual({
      ok: true,
      body: { return_type: "partial", amount: 3.04 },
    })
  })

  it("says nothing is left when the whole contract was returned", () => {
    const built = buildReturnRequest({ ...emptyReturnForm, returnType: "partial", amount: "1" }, 0)
    expect(built).toMatchObject({
      ok: false,
      field: "amount",
      message: "Nothing of the contract is left to return.",
    })
  })
})
