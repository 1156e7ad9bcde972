import { planContractVoid, type VoidableApplication } from "../contract-void"

const signedException: VoidableApplication = {
  public_id: "APP-1",
  status: "SignedWaitingForInvoice",
  exception_reason: "cart_changed",
  exception_resolution: null,
}
const agent = { name: "Returns desk", email: "returns@example.com", phone: "512-555-0101" }

describe("planContractVoid", () => {
  it("asks for a whole-contract Return with the store's agent and the exception's reason", () => {
    const plan = planContractVoid(signedException, false, agent)
    expect(plan).toEqual({
      ok: true,
      request: {
        agentName: "Returns desk",
        email: "returns@example.com",
        phone: "512-555-0101",
        returnType: 2,
        reason: expect.stringContaining("Voided by the store: The contract was signed, but the cart's items"),
      },
    })
    if (plan.ok) expect(plan.request).not.toHaveProperty("amount")
  })

  it("voids a funded contract too", () => {
    expect(planContractVoid({ ...signedException, status: "Funded" }, false, undefined).ok).toBe(true)
  })

  it.each([
    ["no exception", { exception_reason: null }, "open exception"],
    ["a resolved exception", { exception_resolution: "resolved" }, "already resolved"],
    ["an unsigned application", { status: "Approved" }, "only once signed; this application is Approved"],
    ["a contract under return", { status: "PendingReturn" }, "only once signed"],
    ["an application the service never created", { public_id: null }, "only once signed"],
  ])("refuses %s", (_case, change, message) => {
    const plan = planContractVoid({ ...signedException, ...change }, false, agent)
    expect(plan).toEqual({ ok: false, message: expect.stringContaining(message) })
  })

  it("refuses while a return of the contract is open at the service", () => {
    const plan = planContractVoid(signedException, true, agent)
    expect(plan).toEqual({ ok: false, message: expect.stringContaining("already pending") })
  })
})
