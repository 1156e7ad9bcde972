import type { PaymentSessionStatus } from "@medusajs/framework/types"

import { isPostSale, isSignedContract, toPaymentSessionStatus } from "../../../domain/checkout/status-map"
import { APPLICATION_STATUSES, type ApplicationStatusValue } from "../../../lib/financing/schemas/statuses"
import { progressOf } from "../ledger-status"

/*
 * What every status meant before the status table existed (commit 25e40e6): the Medusa session status it
 * maps to with no previous status, and its rank in the ledger's forward-only order (PROGRESS, as it was
 * written by hand). Whatever the table derives these from, none of them may move.
 */
const BEFORE_THE_TABLE: ReadonlyArray<[string, PaymentSessionStatus, number]> = [
  ["Pending", "requires_more", 0],
  ["Pre-qualified", "requires_more", 1],
  ["Approved", "requires_more", 2],
  ["PendingApproval", "pending", 3],
  ["SignedWaitingForInvoice", "authorized", 4],
  ["SignedWaitingForInvoiceApproval", "authorized", 5],
  ["Signed", "authorized", 6],
  ["Funded", "captured", 7],
  ["PendingReturn", "pending", 8],
  ["Returned", "pending", 9],
  ["Declined", "error", 3.5],
  ["Ineligible", "error", 3.5],
  ["Expired", "canceled", 3.5],
  ["Error", "error", 3.5],
]

describe("the status table keeps what every status meant", () => {
  it("covers every status the contract knows today", () => {
    const pinned = BEFORE_THE_TABLE.map(([status]) => status)
    for (const status of pinned) expect(APPLICATION_STATUSES).toContain(status)
    expect(new Set(pinned).size).toBe(14)
  })

  it.each(BEFORE_THE_TABLE)("%s maps to %s", (status, session) => {
    expect(toPaymentSessionStatus(status as ApplicationStatusValue)).toBe(session)
  })

  // The ledger only compares ranks, so what must not move is their order: a status added to the table
  // shifts the numbers after it, never which of two statuses is further along.
  const ranks = BEFORE_THE_TABLE.map(([status, , rank]) => [status, rank] as const)
  it.each(ranks)("%s keeps its place (then ranked %d) against every other status", (status, rank) => {
    for (const [other, otherRank] of ranks) {
      const was = Math.sign(rank - otherRank)
      const is = Math.sign(
        progressOf(status as ApplicationStatusValue) - progressOf(other as ApplicationStatusValue)
      )
      expect([status, other, is]).toEqual([status, other, was])
    }
  })

  it.each(["PendingReturn", "Returned"] as const)("%s keeps the session's previous status", (status) => {
    expect(toPaymentSessionStatus(status, "captured")).toBe("captured")
    expect(toPaymentSessionStatus(status, "authorized")).toBe("authorized")
  })

  it("calls the same statuses a signed contract and a post-sale status", () => {
    expect(APPLICATION_STATUSES.filter(isSignedContract).sort()).toEqual([
      "Funded",
      "Signed",
      "SignedWaitingForInvoice",
      "SignedWaitingForInvoiceApproval",
    ])
    expect(APPLICATION_STATUSES.filter(isPostSale).sort()).toEqual(["PendingReturn", "Returned"])
  })
})
