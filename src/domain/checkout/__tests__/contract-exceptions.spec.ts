import {
  CONTRACT_EXCEPTION_REASONS,
  CONTRACT_EXCEPTION_TEXT,
  exceptionLogLine,
  isContractExceptionReason,
} from "../contract-exceptions"

const APPLICATION = { id: "rfapp_01TEST", publicId: "PUB-123" }

describe("contract exceptions", () => {
  it("know every reason, and nothing else", () => {
    for (const reason of CONTRACT_EXCEPTION_REASONS) expect(isContractExceptionReason(reason)).toBe(true)
    expect(isContractExceptionReason("out_of_stock")).toBe(false)
    expect(isContractExceptionReason(undefined)).toBe(false)
  })

  it.each(CONTRACT_EXCEPTION_REASONS)(
    "log %s with the ids, the reason, what happened and what to do",
    (reason) => {
      const line = exceptionLogLine(APPLICATION, reason)

      expect(line).toContain("PUB-123")
      expect(line).toContain("rfapp_01TEST")
      expect(line).toContain(reason)
      expect(line).toContain(CONTRACT_EXCEPTION_TEXT[reason].todo)
      expect(line).toContain(CONTRACT_EXCEPTION_TEXT[reason].merchant.replace(/\.$/, ""))
    }
  )

  it("add Medusa's own reason for a failed completion", () => {
    expect(
      exceptionLogLine(APPLICATION, "completion_failed", "Some variant does not have the required inventory.")
    ).toContain("(Some variant does not have the required inventory). Fix the cause")
  })
})
