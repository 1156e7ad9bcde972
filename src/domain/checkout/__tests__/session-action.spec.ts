import type { PaymentSessionStatus } from "@medusajs/framework/types"

import { APPLICATION_STATUSES } from "../../../lib/financing/schemas/statuses"
import {
  type SessionAction,
  type SessionFacts,
  type SessionRead,
  sessionAction,
  sessionActionFor,
} from "../session-action"
import {
  FAILED_STATUSES as FAILED,
  IN_PROGRESS_STATUSES as IN_PROGRESS,
  POST_SALE_STATUSES as POST_SALE,
  SIGNED_STATUSES as SIGNED,
} from "./support/expected-statuses"

/*
 * The decision of the status callback and of reconciliation, pinned over every application status, every
 * session status and every combination of what Medusa already did. `expectedAction` is written from the
 * rules, not from the code: it is the oracle the table is checked against.
 */

const SESSION_STATUSES: readonly PaymentSessionStatus[] = [
  "pending",
  "requires_more",
  "authorized",
  "captured",
  "error",
  "canceled",
]

const isSettled = (status: PaymentSessionStatus) => status === "authorized" || status === "captured"

type Flags = Pick<SessionFacts, "hasOrder" | "captured" | "contractCoversCart">

function expectedAction(facts: SessionFacts): SessionAction {
  const { applicationStatus: status, sessionStatus, hasOrder, captured, contractCoversCart } = facts
  if (SIGNED.includes(status) || status === "Funded") {
    // A contract for less than the cart never completes it; a settled session is never moved back.
    if (!contractCoversCart) return isSettled(sessionStatus) ? "none" : "fail"
    if (status === "Funded") return captured ? "none" : "capture"
    // An order whose payment is authorized is done; an order without it is repaired by authorizing it.
    return hasOrder && isSettled(sessionStatus) ? "none" : "authorize"
  }
  // Nothing below may move an authorized or captured session backwards.
  if (isSettled(sessionStatus)) return "none"
  if (FAILED.includes(status)) return sessionStatus === "error" ? "none" : "fail"
  if (status === "Expired") return sessionStatus === "canceled" ? "none" : "cancel"
  if (IN_PROGRESS.includes(status)) return "record"
  if (POST_SALE.includes(status)) {
    // Post-sale statuses say nothing new about the payment (status-map.ts): never authorize or capture on
    // them, and a session already failed or canceled stays as it is.
    return sessionStatus === "error" || sessionStatus === "canceled" ? "none" : "record"
  }
  throw new Error(`the oracle does not cover ${status}`)
}

const FLAG_COMBINATIONS: readonly Flags[] = [false, true].flatMap((hasOrder) =>
  [false, true].flatMap((captured) =>
    [false, true].map((contractCoversCart) => ({ hasOrder, captured, contractCoversCart }))
  )
)

const label = ({ hasOrder, captured, contractCoversCart }: Flags) =>
  `hasOrder=${hasOrder} captured=${captured} contractCoversCart=${contractCoversCart}`

const ALL_FACTS: readonly SessionFacts[] = APPLICATION_STATUSES.flatMap((applicationStatus) =>
  SESSION_STATUSES.flatMap((sessionStatus) =>
    FLAG_COMBINATIONS.map((flags) => ({ applicationStatus, sessionStatus, ...flags }))
  )
)

const facts = (overrides: Partial<SessionFacts>): SessionFacts => ({
  applicationStatus: "Pending",
  sessionStatus: "pending",
  hasOrder: false,
  captured: false,
  contractCoversCart: true,
  ...overrides,
})

describe("sessionAction", () => {
  it("covers every application status of the contract", () => {
    expect([...SIGNED, "Funded", ...FAILED, "Expired", ...IN_PROGRESS, ...POST_SALE].sort()).toEqual(
      [...APPLICATION_STATUSES].sort()
    )
    expect(ALL_FACTS).toHaveLength(14 * 6 * 8)
  })

  describe.each(APPLICATION_STATUSES)("application %s", (applicationStatus) => {
    it.each(SESSION_STATUSES)(
      "session %s: every combination of order, capture and coverage",
      (sessionStatus) => {
        const table = (decide: (facts: SessionFacts) => SessionAction) =>
          Object.fromEntries(
            FLAG_COMBINATIONS.map((flags) => [
              label(flags),
              decide({ applicationStatus, sessionStatus, ...flags }),
            ])
          )

        expect(table(sessionAction)).toEqual(table(expectedAction))
      }
    )
  })

  describe("rules", () => {
    it.each(SIGNED)("%s authorizes (completes the cart) unless an order exists", (applicationStatus) => {
      for (const sessionStatus of ["pending", "requires_more", "error", "canceled"] as const) {
        expect(sessionAction(facts({ applicationStatus, sessionStatus }))).toBe("authorize")
      }
      expect(sessionAction(facts({ applicationStatus, sessionStatus: "authorized" }))).toBe("authorize")
      expect(sessionAction(facts({ applicationStatus, sessionStatus: "authorized", hasOrder: true }))).toBe(
        "none"
      )
    })

    it.each(SIGNED)(
      "%s authorizes an order that exists without its payment (a crash between the two): repair",
      (applicationStatus) => {
        for (const sessionStatus of ["pending", "requires_more", "error", "canceled"] as const) {
          expect(sessionAction(facts({ applicationStatus, sessionStatus, hasOrder: true }))).toBe("authorize")
        }
        expect(
          sessionAction(
            facts({ applicationStatus, sessionStatus: "captured", hasOrder: true, captured: true })
          )
        ).toBe("none")
      }
    )

    it("Funded captures unless the payment is captured, with or without an order", () => {
      for (const sessionStatus of SESSION_STATUSES) {
        for (const hasOrder of [false, true]) {
          expect(sessionAction(facts({ applicationStatus: "Funded", sessionStatus, hasOrder }))).toBe(
            "capture"
          )
          expect(
            sessionAction(facts({ applicationStatus: "Funded", sessionStatus, hasOrder, captured: true }))
          ).toBe("none")
        }
      }
    })

    it.each(FAILED)("%s fails an open session, once", (applicationStatus) => {
      expect(sessionAction(facts({ applicationStatus, sessionStatus: "pending" }))).toBe("fail")
      expect(sessionAction(facts({ applicationStatus, sessionStatus: "requires_more" }))).toBe("fail")
      expect(sessionAction(facts({ applicationStatus, sessionStatus: "canceled" }))).toBe("fail")
      expect(sessionAction(facts({ applicationStatus, sessionStatus: "error" }))).toBe("none")
    })

    it("Expired cancels an open session, once", () => {
      expect(sessionAction(facts({ applicationStatus: "Expired", sessionStatus: "pending" }))).toBe("cancel")
      expect(sessionAction(facts({ applicationStatus: "Expired", sessionStatus: "requires_more" }))).toBe(
        "cancel"
      )
      expect(sessionAction(facts({ applicationStatus: "Expired", sessionStatus: "error" }))).toBe("cancel")
      expect(sessionAction(facts({ applicationStatus: "Expired", sessionStatus: "canceled" }))).toBe("none")
    })

    it.each(IN_PROGRESS)("%s only records the progress on an open session", (applicationStatus) => {
      for (const sessionStatus of ["pending", "requires_more"] as const) {
        expect(sessionAction(facts({ applicationStatus, sessionStatus }))).toBe("record")
      }
    })

    it("never fails or cancels an authorized or captured session, whatever arrives (no backwards move)", () => {
      const backwards = ALL_FACTS.filter(
        (candidate) =>
          isSettled(candidate.sessionStatus) && ["fail", "cancel"].includes(sessionAction(candidate))
      )

      expect(backwards).toEqual([])
    })

    it("never records a status over an authorized or captured session", () => {
      expect(
        ALL_FACTS.filter(
          (candidate) => isSettled(candidate.sessionStatus) && sessionAction(candidate) === "record"
        )
      ).toEqual([])
    })

    it("authorizes or captures only for a signed or funded contract that covers the cart", () => {
      const completing = ALL_FACTS.filter((candidate) =>
        ["authorize", "capture"].includes(sessionAction(candidate))
      )

      expect(completing.length).toBeGreaterThan(0)
      for (const candidate of completing) {
        expect([...SIGNED, "Funded"]).toContain(candidate.applicationStatus)
        expect(candidate.contractCoversCart).toBe(true)
      }
    })

    it("never asks again for work already done: no order authorized twice, no capture twice", () => {
      expect(
        ALL_FACTS.filter(
          (candidate) =>
            candidate.hasOrder &&
            isSettled(candidate.sessionStatus) &&
            sessionAction(candidate) === "authorize"
        )
      ).toEqual([])
      expect(
        ALL_FACTS.filter((candidate) => candidate.captured && sessionAction(candidate) === "capture")
      ).toEqual([])
    })

    it.each([...SIGNED, "Funded"] as const)(
      "a %s contract that does not cover the cart fails the session, or does nothing once settled",
      (applicationStatus) => {
        for (const sessionStatus of SESSION_STATUSES) {
          for (const flags of FLAG_COMBINATIONS.filter((candidate) => !candidate.contractCoversCart)) {
            expect(sessionAction({ applicationStatus, sessionStatus, ...flags })).toBe(
              isSettled(sessionStatus) ? "none" : "fail"
            )
          }
        }
      }
    )

    it.each(POST_SALE)(
      "%s (a return) never completes a cart nor captures, even on an authorized session without an order",
      (applicationStatus) => {
        expect(sessionAction(facts({ applicationStatus, sessionStatus: "authorized" }))).toBe("none")
        expect(sessionAction(facts({ applicationStatus, sessionStatus: "captured", hasOrder: true }))).toBe(
          "none"
        )
        expect(sessionAction(facts({ applicationStatus, sessionStatus: "pending" }))).toBe("record")
      }
    )

    it("ignores coverage for statuses without a contract", () => {
      for (const applicationStatus of [...FAILED, "Expired", ...IN_PROGRESS] as const) {
        for (const sessionStatus of SESSION_STATUSES) {
          expect(sessionAction(facts({ applicationStatus, sessionStatus, contractCoversCart: false }))).toBe(
            sessionAction(facts({ applicationStatus, sessionStatus, contractCoversCart: true }))
          )
        }
      }
    })
  })
})

/*
 * sessionActionFor is what the status callback and reconciliation run (the read-financing-application step):
 * the amounts here are the ones that step hands in, so the contract rule is covered where it is used.
 */
describe("sessionActionFor", () => {
  const read = (overrides: Partial<SessionRead> & Pick<SessionRead, "application">): SessionRead => ({
    sessionStatus: "pending",
    signedInvoiceAmount: null,
    cartCents: 130_004,
    recordedStatus: "Pending",
    hasOrder: false,
    captured: false,
    ...overrides,
  })

  describe.each(SIGNED)("a %s contract", (status) => {
    it("signed for less than the cart fails the session", () => {
      expect(sessionActionFor(read({ application: { status, invoiceAmount: 1300.03 } }))).toBe("fail")
    })

    it("signed for the cart total authorizes it", () => {
      expect(sessionActionFor(read({ application: { status, invoiceAmount: 1300.04 } }))).toBe("authorize")
    })

    it("without an invoice amount authorizes it", () => {
      expect(sessionActionFor(read({ application: { status, invoiceAmount: null } }))).toBe("authorize")
    })
  })

  it("never captures a funded contract signed for less than the cart", () => {
    const funded = read({ application: { status: "Funded", invoiceAmount: 1300.03 }, hasOrder: true })

    expect(sessionActionFor(funded)).toBe("fail")
    expect(sessionActionFor({ ...funded, application: { status: "Funded", invoiceAmount: 1300.04 } })).toBe(
      "capture"
    )
  })

  it("captures a funded contract the store's returns reduced: it is judged on the amount signed", () => {
    const reduced = read({
      application: { status: "Funded", invoiceAmount: 800 },
      signedInvoiceAmount: 1300.04,
      sessionStatus: "authorized",
      hasOrder: true,
    })

    expect(sessionActionFor(reduced)).toBe("capture")
    expect(sessionActionFor({ ...reduced, captured: true })).toBe("none")
  })

  it("holds a contract signed short to its signature, whatever a later read says", () => {
    const signedShort = read({
      application: { status: "Signed", invoiceAmount: 1300.04 },
      signedInvoiceAmount: 1300.03,
    })

    expect(sessionActionFor(signedShort)).toBe("fail")
  })

  it("leaves a session already authorized alone when a later read finds the contract short", () => {
    const short = { status: "Signed", invoiceAmount: 1 } as const

    expect(sessionActionFor(read({ application: short, sessionStatus: "authorized" }))).toBe("none")
  })

  it("has nothing to write for a status the session data already records", () => {
    const application = { status: "Approved", invoiceAmount: null } as const

    expect(sessionActionFor(read({ application, recordedStatus: "Pending" }))).toBe("record")
    expect(sessionActionFor(read({ application, recordedStatus: "Approved" }))).toBe("none")
  })

  it("still acts on a status already recorded when it asks for more than a record", () => {
    const application = { status: "Signed", invoiceAmount: null } as const

    expect(sessionActionFor(read({ application, recordedStatus: "Signed" }))).toBe("authorize")
  })
})
