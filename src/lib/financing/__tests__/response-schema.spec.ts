import type { z } from "zod"
import {
  APPLICATION_STATUSES,
  ApplicationCreated,
  ApplicationStatus,
  ApplicationStatusByPhone,
  ApplicationStatusList,
  FinancingPartner,
  FinancingPartnerList,
  LowestPaymentOption,
  PAYMENT_STATUSES,
  ReturnReason,
  ReturnReasonList,
  Token,
} from "../schemas"
import { expectAccepted, expectRefused } from "./expect-issues"

/** The raw zod issues of a failed parse, so that a union's inner reasons can be read. */
function rawIssues(schema: z.ZodType, input: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(input)
  if (result.success) throw new Error(`expected a parse failure, got ${JSON.stringify(result.data)}`)
  return result.error.issues
}

/** A money field that is neither a number nor a decimal string: a union failure whose string branch says why. */
function expectBadAmount(schema: z.ZodType, input: unknown, path: PropertyKey[]): void {
  const issues = rawIssues(schema, input)
  expect(issues).toHaveLength(1)
  const [issue] = issues
  expect(issue.path).toEqual(path)
  expect(issue.code).toBe("invalid_union")
  if (issue.code !== "invalid_union") return
  const reasons = issue.errors.flat().map((inner) => inner.message)
  expect(reasons).toContain("must be a decimal number")
}

const signed = {
  publicId: "app_8f2c",
  applicationId: 1042,
  status: "Signed",
  phone: "555-123-4567",
  approvalAmount: null,
  borrowedAmount: 1000.5,
  invoiceAmount: 1100,
  totalInStorePayment: 99.5,
  financingPartnerCode: "FP1",
  financingPartnerName: "Partner One LLC",
  financingPartnerDisplayName: "Partner One",
  paymentInfo: {
    transferId: "T-1",
    wireReferenceId: "W-1",
    date: "2026-11-20",
    amount: 1000.5,
    status: "processed",
  },
}

describe("ApplicationStatus (spec 2.4)", () => {
  it("reads a complete by-id answer as sent", () => {
    expect(expectAccepted(ApplicationStatus, signed)).toEqual(signed)
  })

  const NULLABLE_FIELDS = [
    "applicationId",
    "approvalAmount",
    "borrowedAmount",
    "invoiceAmount",
    "totalInStorePayment",
    "financingPartnerCode",
    "financingPartnerName",
    "financingPartnerDisplayName",
    "paymentInfo",
  ]

  it("reads every nullable field as null when it is missing", () => {
    const data = expectAccepted(ApplicationStatus, {
      publicId: "app_1",
      status: "Pending",
      phone: "5551234567",
    })
    expect(data).toEqual({
      publicId: "app_1",
      status: "Pending",
      phone: "5551234567",
      ...Object.fromEntries(NULLABLE_FIELDS.map((field) => [field, null])),
    })
  })

  it.each(NULLABLE_FIELDS)("reads %s as null when it is missing or null", (field) => {
    const { [field]: _omitted, ...missing } = signed as Record<string, unknown>
    expect(expectAccepted(ApplicationStatus, missing)[field as keyof ApplicationStatus]).toBeNull()
    expect(
      expectAccepted(ApplicationStatus, { ...signed, [field]: null })[field as keyof ApplicationStatus]
    ).toBeNull()
  })

  it.each(["publicId", "status", "phone"])("refuses an answer without %s", (field) => {
    const { [field]: _omitted, ...missing } = signed as Record<string, unknown>
    expectRefused(ApplicationStatus, missing, field, "expected")
  })

  it.each(["status", "phone"])("refuses null for the non-nullable %s", (field) => {
    expectRefused(
      ApplicationStatus,
      { ...signed, [field]: null },
      field,
      field === "status" ? "expected one of" : "received null"
    )
  })

  it("refuses an empty publicId", () => {
    expectRefused(ApplicationStatus, { ...signed, publicId: "" }, "publicId", ">=1 characters")
  })

  it("drops unknown fields, at the top level and in paymentInfo", () => {
    const data = expectAccepted(ApplicationStatus, {
      ...signed,
      customerName: "Ann Lee",
      paymentInfo: { ...signed.paymentInfo, bankCode: "021000021" },
    })
    expect(data).toEqual(signed)
    expect(data).not.toHaveProperty("customerName")
    expect(data.paymentInfo).not.toHaveProperty("bankCode")
  })

  describe("paymentInfo.transferId", () => {
    const { transferId: _transferId, ...withoutTransfer } = signed.paymentInfo
    const read = (paymentInfo: Record<string, unknown>) =>
      expectAccepted(ApplicationStatus, { ...signed, paymentInfo }).paymentInfo

    it("reads transferId (the by-id table's spelling)", () => {
      expect(read({ ...withoutTransfer, transferId: "T-7" })).toEqual({
        ...withoutTransfer,
        transferId: "T-7",
      })
    })

    it("reads transferID (the by-id sample's and the list's spelling) as transferId", () => {
      const paymentInfo = read({ ...withoutTransfer, transferID: "T-8" })
      expect(paymentInfo).toEqual({ ...withoutTransfer, transferId: "T-8" })
      expect(paymentInfo).not.toHaveProperty("transferID")
    })

    it("reads neither spelling as transferId null", () => {
      expect(read(withoutTransfer)).toEqual({ ...withoutTransfer, transferId: null })
    })

    it("reads transferId null with transferID set as the transferID value", () => {
      expect(read({ ...withoutTransfer, transferId: null, transferID: "T-9" })?.transferId).toBe("T-9")
    })

    it("reads a missing wireReferenceId as null (manually processed payments)", () => {
      const { wireReferenceId: _wire, ...rest } = signed.paymentInfo
      expect(read({ ...rest, status: "manually processed" })?.wireReferenceId).toBeNull()
    })

    it("keeps the date as sent, date or date-time", () => {
      expect(read({ ...signed.paymentInfo, date: "2026-11-20" })?.date).toBe("2026-11-20")
      expect(read({ ...signed.paymentInfo, date: "2026-11-20T14:03:00Z" })?.date).toBe("2026-11-20T14:03:00Z")
    })

    it.each(["date", "amount", "status"])("refuses paymentInfo without %s", (field) => {
      const { [field]: _omitted, ...missing } = signed.paymentInfo as Record<string, unknown>
      const issues = rawIssues(ApplicationStatus, { ...signed, paymentInfo: missing })
      expect(issues.map((issue) => issue.path)).toEqual([["paymentInfo", field]])
    })
  })

  describe("amounts", () => {
    it.each([
      ["12.50", 12.5],
      ["12", 12],
      ["0.01", 0.01],
      ["-3.25", -3.25],
      ["1000.5", 1000.5],
    ])("reads the decimal string %j as %d", (text, value) => {
      const data = expectAccepted(ApplicationStatus, {
        ...signed,
        approvalAmount: text,
        borrowedAmount: text,
        paymentInfo: { ...signed.paymentInfo, amount: text },
      })
      expect(data.approvalAmount).toBe(value)
      expect(data.borrowedAmount).toBe(value)
      expect(data.paymentInfo?.amount).toBe(value)
    })

    it.each(["12,50", "1,000.50", "", "12.", ".5", "1e3", "$12.50", " 12.50", "twelve", "NaN"])(
      "refuses the amount %j",
      (text) => {
        expectBadAmount(ApplicationStatus, { ...signed, approvalAmount: text }, ["approvalAmount"])
        expectBadAmount(
          ApplicationStatus,
          { ...signed, paymentInfo: { ...signed.paymentInfo, amount: text } },
          ["paymentInfo", "amount"]
        )
      }
    )

    it.each([true, {}, [], Number.NaN, Number.POSITIVE_INFINITY])("refuses the amount %p", (amount) => {
      expectRefused(ApplicationStatus, { ...signed, invoiceAmount: amount }, "invoiceAmount", "Invalid input")
    })

    it("refuses an applicationId that is not an integer", () => {
      expectRefused(ApplicationStatus, { ...signed, applicationId: 10.5 }, "applicationId", "expected int")
      expectRefused(
        ApplicationStatus,
        { ...signed, applicationId: "1042" },
        "applicationId",
        "expected number"
      )
    })
  })

  describe("status values", () => {
    it("knows exactly the 14 application statuses of section 3", () => {
      expect([...APPLICATION_STATUSES].sort()).toEqual(
        [
          "Pending",
          "Pre-qualified",
          "Ineligible",
          "Declined",
          "Approved",
          "PendingApproval",
          "SignedWaitingForInvoice",
          "SignedWaitingForInvoiceApproval",
          "Signed",
          "Funded",
          "PendingReturn",
          "Returned",
          "Expired",
          "Error",
        ].sort()
      )
    })

    it.each([...APPLICATION_STATUSES])("accepts the application status %j", (status) => {
      expect(expectAccepted(ApplicationStatus, { ...signed, status }).status).toBe(status)
    })

    it.each(["Approvedd", "approved", "APPROVED", "Prequalified", "Pending Approval", "Cancelled", ""])(
      "refuses the unknown application status %j",
      (status) => {
        expectRefused(ApplicationStatus, { ...signed, status }, "status", 'expected one of "Pending"')
      }
    )

    // By-id list: pending, processed, manually processed, returned. List response adds error, failed, waiting.
    const BY_ID = ["pending", "processed", "manually processed", "returned"]
    const LIST = ["error", "failed", "manually processed", "pending", "processed", "returned", "waiting"]

    it("knows the union of both payment status lists", () => {
      expect([...PAYMENT_STATUSES].sort()).toEqual([...new Set([...BY_ID, ...LIST])].sort())
    })

    it.each([...new Set([...BY_ID, ...LIST])])("accepts the payment status %j", (status) => {
      const data = expectAccepted(ApplicationStatus, {
        ...signed,
        paymentInfo: { ...signed.paymentInfo, status },
      })
      expect(data.paymentInfo?.status).toBe(status)
    })

    it.each(["Processed", "manually_processed", "manuallyProcessed", "cancelled", ""])(
      "refuses the unknown payment status %j",
      (status) => {
        const input = { ...signed, paymentInfo: { ...signed.paymentInfo, status } }
        expectRefused(ApplicationStatus, input, "paymentInfo.status", 'expected one of "pending"')
      }
    )
  })

  it("ApplicationStatusList reads list-style paymentInfo (transferID, date-time)", () => {
    const listItem = {
      ...signed,
      paymentInfo: {
        transferID: "T-2",
        wireReferenceId: "W-2",
        date: "2026-11-20T09:15:00",
        amount: "500.00",
        status: "waiting",
      },
    }
    expect(expectAccepted(ApplicationStatusList, [listItem, signed])).toEqual([
      {
        ...signed,
        paymentInfo: {
          transferId: "T-2",
          wireReferenceId: "W-2",
          date: "2026-11-20T09:15:00",
          amount: 500,
          status: "waiting",
        },
      },
      signed,
    ])
  })

  it("ApplicationStatusList names the item that broke a rule", () => {
    expectRefused(
      ApplicationStatusList,
      [signed, { ...signed, status: "Approvedd" }],
      "[1].status",
      "expected one of"
    )
  })
})

describe("ApplicationStatusByPhone (spec 2.4, endpoint 5)", () => {
  const { paymentInfo: _paymentInfo, ...byPhone } = signed

  it("reads an answer without paymentInfo, and has no paymentInfo field", () => {
    const data = expectAccepted(ApplicationStatusByPhone, byPhone)
    expect(data).toEqual(byPhone)
    expect(data).not.toHaveProperty("paymentInfo")
  })

  it("drops a paymentInfo the service sends anyway", () => {
    expect(expectAccepted(ApplicationStatusByPhone, signed)).toEqual(byPhone)
  })

  it("reads missing nullable fields as null", () => {
    expect(
      expectAccepted(ApplicationStatusByPhone, {
        publicId: "app_1",
        status: "Declined",
        phone: "5551234567",
      })
    ).toEqual({
      publicId: "app_1",
      status: "Declined",
      phone: "5551234567",
      applicationId: null,
      approvalAmount: null,
      borrowedAmount: null,
      invoiceAmount: null,
      totalInStorePayment: null,
      financingPartnerCode: null,
      financingPartnerName: null,
      financingPartnerDisplayName: null,
    })
  })

  it("refuses an unknown status", () => {
    expectRefused(ApplicationStatusByPhone, { ...byPhone, status: "Approvedd" }, "status", "expected one of")
  })
})

describe("LowestPaymentOption (spec 2.5)", () => {
  const option = {
    financingPartnerCode: "FP1",
    financingPartnerName: "Partner One LLC",
    financingPartnerDisplayName: "Partner One",
    profileId: 7,
    profileName: "12 months",
    minCreditScore: 550,
    minMonthlyPayment: 45.5,
    maxCreditScore: 800,
    maxMonthlyPayment: 99.99,
    financePeriod: 12,
    disclaimer: "Not all applicants are approved.",
    earlyBuyoutOptions: [{ month: 3, earlyBuyoutPayment: 600, savingsPercentage: 35.5 }],
  }

  it("reads a complete answer as sent", () => {
    expect(expectAccepted(LowestPaymentOption, option)).toEqual(option)
  })

  it("reads a missing or null disclaimer as null", () => {
    const { disclaimer: _disclaimer, ...withoutDisclaimer } = option
    expect(expectAccepted(LowestPaymentOption, withoutDisclaimer).disclaimer).toBeNull()
    expect(expectAccepted(LowestPaymentOption, { ...option, disclaimer: null }).disclaimer).toBeNull()
  })

  it("reads decimal strings in the money and score fields", () => {
    const data = expectAccepted(LowestPaymentOption, {
      ...option,
      minMonthlyPayment: "45.50",
      earlyBuyoutOptions: [{ month: 3, earlyBuyoutPayment: "600.00", savingsPercentage: "35.5" }],
    })
    expect(data.minMonthlyPayment).toBe(45.5)
    expect(data.earlyBuyoutOptions).toEqual([{ month: 3, earlyBuyoutPayment: 600, savingsPercentage: 35.5 }])
  })

  it("accepts an empty earlyBuyoutOptions array and refuses a missing one", () => {
    expectAccepted(LowestPaymentOption, { ...option, earlyBuyoutOptions: [] })
    const { earlyBuyoutOptions: _options, ...withoutOptions } = option
    expectRefused(LowestPaymentOption, withoutOptions, "earlyBuyoutOptions", "expected array")
  })

  it.each(["profileId", "financePeriod"])("refuses a non-integer %s", (field) => {
    expectRefused(LowestPaymentOption, { ...option, [field]: 12.5 }, field, "expected int")
  })

  it("refuses a non-integer early buyout month, naming the option", () => {
    const input = {
      ...option,
      earlyBuyoutOptions: [option.earlyBuyoutOptions[0], { ...option.earlyBuyoutOptions[0], month: 1.5 }],
    }
    expectRefused(LowestPaymentOption, input, "earlyBuyoutOptions[1].month", "expected int")
  })

  it('refuses the amount "45,50"', () => {
    expectBadAmount(LowestPaymentOption, { ...option, minMonthlyPayment: "45,50" }, ["minMonthlyPayment"])
  })
})

describe("FinancingPartner (spec 2.11)", () => {
  const partner = {
    code: "FP1",
    name: "Partner One LLC",
    displayName: "Partner One",
    street: "1 Finance Way",
    suiteApartment: "200",
    city: "Wilmington",
    state: "DE",
    zipCode: "19801",
    phone: "800-555-0100",
  }

  it("reads a complete partner as sent", () => {
    expect(expectAccepted(FinancingPartner, partner)).toEqual(partner)
  })

  it("reads a null or missing suiteApartment as null", () => {
    const { suiteApartment: _suite, ...withoutSuite } = partner
    expect(expectAccepted(FinancingPartner, withoutSuite)).toEqual({ ...withoutSuite, suiteApartment: null })
    expect(expectAccepted(FinancingPartner, { ...partner, suiteApartment: null }).suiteApartment).toBeNull()
  })

  it.each(["code", "name", "displayName", "street", "city", "state", "zipCode", "phone"])(
    "refuses a partner whose non-nullable %s is null",
    (field) => {
      expectRefused(FinancingPartner, { ...partner, [field]: null }, field, "received null")
    }
  )

  it("FinancingPartnerList reads an array and names the item that broke a rule", () => {
    expect(expectAccepted(FinancingPartnerList, [])).toEqual([])
    expectRefused(FinancingPartnerList, [partner, { ...partner, city: null }], "[1].city", "received null")
  })
})

describe("ReturnReason (spec 2.12)", () => {
  it("reads a reason as sent and drops unknown fields", () => {
    expect(expectAccepted(ReturnReason, { publicId: "rr_1", description: "Damaged", active: true })).toEqual({
      publicId: "rr_1",
      description: "Damaged",
    })
  })

  it("refuses an empty publicId", () => {
    expectRefused(ReturnReason, { publicId: "", description: "Damaged" }, "publicId", ">=1 characters")
  })

  it("refuses a missing description", () => {
    expectRefused(ReturnReason, { publicId: "rr_1" }, "description", "expected string")
  })

  it("ReturnReasonList names the item that broke a rule", () => {
    expectRefused(
      ReturnReasonList,
      [{ publicId: "rr_1", description: "Damaged" }, { publicId: "rr_2" }],
      "[1].description",
      "expected string"
    )
  })
})

describe("Token (spec 2.1)", () => {
  it("reads the jwt", () => {
    expect(expectAccepted(Token, { jwt: "eyJhbGciOiJIUzI1NiJ9.e30.sig", expiresIn: 3600 })).toEqual({
      jwt: "eyJhbGciOiJIUzI1NiJ9.e30.sig",
    })
  })

  it("refuses an empty jwt", () => {
    expectRefused(Token, { jwt: "" }, "jwt", ">=1 characters")
  })

  it.each([[{}], [{ jwt: null }], [{ token: "eyJ" }]])("refuses %j", (input) => {
    expectRefused(Token, input, "jwt", "expected string")
  })
})

describe("ApplicationCreated (spec 2.3)", () => {
  const created = { publicId: "app_8f2c", link: "https://apply.financing.example/app_8f2c" }

  it("reads the public id and the link", () => {
    expect(expectAccepted(ApplicationCreated, created)).toEqual(created)
  })

  it("refuses an empty publicId", () => {
    expectRefused(ApplicationCreated, { ...created, publicId: "" }, "publicId", ">=1 characters")
  })

  it.each([
    "/apply/app_8f2c",
    "apply.financing.example/app_8f2c",
    "apply.financing.example:443/app_8f2c",
    "javascript:alert(1)",
    "",
  ])("refuses the link %j", (link) => {
    expectRefused(ApplicationCreated, { ...created, link }, "link", "must be an absolute")
  })

  it("refuses a missing link", () => {
    expectRefused(ApplicationCreated, { publicId: "app_8f2c" }, "link", "expected string")
  })
})
