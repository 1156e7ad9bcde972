import { createHash, randomUUID } from "node:crypto"
import {
  type ApplicationInput,
  type ApplicationStatusValue,
  type DeliveryInformation,
  type FinancingPartner,
  type PaymentStatusValue,
  RETURN_TYPES,
  type ReturnRequest,
} from "../lib/financing/schemas"
import { centsFromDecimal } from "../lib/financing/money"
import type { ResolvedSandboxOptions } from "./options"
import { EMPTY_CONTRACT, type SandboxApplication } from "./records"
import { partnersFor } from "./seed"
import { OPEN_STATUSES, canTransition, hasContract, isSigned, pathTo } from "./state-machine"
import { type SigningTerms, applyStatusEffects } from "./status-effects"

export type { SigningTerms } from "./status-effects"

/** A rule of the service was broken; the HTTP layer turns it into a 409 (or a 404). */
export class SandboxConflict extends Error {}
export class SandboxNotFound extends Error {}

export interface StatusChange {
  application: SandboxApplication
  previousStatus: ApplicationStatusValue
  status: ApplicationStatusValue
  changedAt: string
}

export interface EngineListeners {
  /** Every status change, in order, once. */
  onStatusChange: (change: StatusChange) => void
  /** Any change of state worth saving. */
  onChange: () => void
}

export interface EngineSnapshot {
  nextApplicationId: number
  applications: SandboxApplication[]
}

type EngineTimings = Pick<
  ResolvedSandboxOptions,
  "applicationTtlSeconds" | "invoiceApprovalMs" | "returnSettleMs"
>

/**
 * The sandbox's applications and every rule about them. Knows nothing of HTTP: handlers call it, and it
 * reports status changes to its listeners (callbacks, persistence).
 */
export class SandboxEngine {
  private readonly applications = new Map<string, SandboxApplication>()
  private nextApplicationId = 100_001
  private readonly timers = new Set<NodeJS.Timeout>()

  constructor(
    private readonly timings: EngineTimings,
    private readonly listeners: EngineListeners,
    private readonly partnersOf: (storeCode: string) => FinancingPartner[] = (storeCode) =>
      partnersFor(storeCode),
    private readonly now: () => Date = () => new Date()
  ) {}

  create(storeCode: string, input: ApplicationInput, callbackUrl: string | null): SandboxApplication {
    if (input.referenceNumber !== undefined) {
      const reused = [...this.applications.values()].some(
        (application) =>
          application.storeCode === storeCode && application.input.referenceNumber === input.referenceNumber
      )
      if (reused) throw new SandboxConflict(`referenceNumber ${input.referenceNumber} is already in use`)
    }
    const createdAt = this.now().toISOString()
    const application: SandboxApplication = {
      publicId: randomUUID(),
      applicationId: this.nextApplicationId++,
      storeCode,
      status: "Pending",
      statusHistory: [{ status: "Pending", at: createdAt }],
      input,
      callbackUrl,
      createdAt,
      contract: { ...EMPTY_CONTRACT },
      funding: null,
      statusBeforeReturn: null,
      callbacks: [],
      invoices: [],
      deliveries: [],
      orderReferences: [],
      returnRequests: [],
    }
    this.applications.set(application.publicId, application)
    this.armTimers(application)
    this.listeners.onChange()
    return application
  }

  get(publicId: string): SandboxApplication | undefined {
    return this.applications.get(publicId)
  }

  /** An application of this store, or SandboxNotFound: another store's applications do not exist for it. */
  getForStore(storeCode: string, publicId: string): SandboxApplication {
    const application = this.applications.get(publicId)
    if (!application || application.storeCode !== storeCode) {
      throw new SandboxNotFound(`application ${publicId} was not found`)
    }
    return application
  }

  all(): SandboxApplication[] {
    return [...this.applications.values()]
  }

  /** The store's most recent application for a phone, written either way the spec allows. */
  latestByPhone(storeCode: string, phone: string): SandboxApplication | undefined {
    const digits = phone.replace(/\D/g, "")
    return this.all()
      .filter((app) => app.storeCode === storeCode && app.input.mobilePhone.replace(/\D/g, "") === digits)
      .sort((a, b) => b.applicationId - a.applicationId)[0]
  }

  createdOn(storeCode: string, date: string): SandboxApplication[] {
    return this.all().filter((app) => app.storeCode === storeCode && app.createdAt.slice(0, 10) === date)
  }

  /**
   * Walks through the allowed transitions to `target`, one status change (and callback) per step. With
   * `terms`, the walk must sign the contract, which is then signed for them: terms for a contract already
   * signed would be silently ignored, so they are refused.
   */
  walkTo(
    application: SandboxApplication,
    target: ApplicationStatusValue,
    terms?: SigningTerms
  ): SandboxApplication {
    const steps = pathTo(application.status, target)
    if (!steps) throw new SandboxConflict(`status ${target} cannot be reached from ${application.status}`)
    if (terms && application.contract.invoiceAmount !== null) {
      throw new SandboxConflict(
        `the contract is already signed for ${application.contract.invoiceAmount}; ` +
          "invoiceAmount can only be given with the walk that signs it"
      )
    }
    if (terms && !steps.some(isSigned)) {
      throw new SandboxConflict(
        `the walk to ${target} does not sign the contract, so invoiceAmount cannot apply`
      )
    }
    for (const step of steps) this.move(application, step, terms)
    return application
  }

  sign(application: SandboxApplication): void {
    if (!OPEN_STATUSES.has(application.status)) {
      throw new SandboxConflict(`an application in status ${application.status} cannot be signed`)
    }
    this.walkTo(application, "SignedWaitingForInvoice")
  }

  decline(application: SandboxApplication): void {
    if (!OPEN_STATUSES.has(application.status)) {
      throw new SandboxConflict(`an application in status ${application.status} cannot be declined`)
    }
    this.move(application, "Declined")
  }

  requestReturn(application: SandboxApplication, request: ReturnRequest): void {
    if (application.status === "PendingReturn") {
      throw new SandboxConflict("the application already has a pending return request")
    }
    if (!isSigned(application.status)) throw new SandboxConflict("the application is not signed")
    const invoiceCents = centsFromDecimal(application.contract.invoiceAmount ?? 0)
    if (request.amount !== undefined && centsFromDecimal(request.amount) > invoiceCents) {
      throw new SandboxConflict("the return amount is greater than the contract's invoice amount")
    }
    application.returnRequests.push({
      ...request,
      receivedAt: this.now().toISOString(),
      settledAt: null,
      settledTo: null,
    })
    application.statusBeforeReturn = application.status
    this.move(application, "PendingReturn")
  }

  /** Returns false when the application has no contract (spec 2.10's second status text). */
  addDelivery(application: SandboxApplication, delivery: DeliveryInformation): boolean {
    if (!hasContract(application.status)) return false
    application.deliveries.push({ ...delivery, receivedAt: this.now().toISOString() })
    this.listeners.onChange()
    return true
  }

  /**
   * The lender's payment moves on (a transfer that was pending is processed, or comes back returned): its
   * status changes and nothing else, and no callback is sent, since the spec's callbacks are about the
   * application's status; the store sees the payment's new status at its next status read.
   */
  setPaymentStatus(application: SandboxApplication, status: PaymentStatusValue): void {
    if (!application.funding) throw new SandboxConflict("the application has no payment: fund it first")
    application.funding.status = status
    this.listeners.onChange()
  }

  addOrderReferences(application: SandboxApplication, orders: readonly string[]): void {
    if (!hasContract(application.status)) throw new SandboxConflict("the application is not signed")
    application.orderReferences = [...new Set([...application.orderReferences, ...orders])]
    this.listeners.onChange()
  }

  addInvoice(
    application: SandboxApplication,
    file: { filename: string; contentType: string; content: Buffer }
  ): void {
    if (!hasContract(application.status)) throw new SandboxConflict("the application is not signed")
    application.invoices.push({
      filename: file.filename,
      contentType: file.contentType,
      size: file.content.byteLength,
      sha256: createHash("sha256").update(file.content).digest("hex"),
      receivedAt: this.now().toISOString(),
      contentBase64: file.content.toString("base64"),
    })
    if (application.status === "SignedWaitingForInvoice")
      this.move(application, "SignedWaitingForInvoiceApproval")
    else this.listeners.onChange()
  }

  reset(): void {
    this.clearTimers()
    this.applications.clear()
    this.listeners.onChange()
  }

  snapshot(): EngineSnapshot {
    return { nextApplicationId: this.nextApplicationId, applications: this.all() }
  }

  restore(snapshot: EngineSnapshot): void {
    this.nextApplicationId = snapshot.nextApplicationId
    for (const application of snapshot.applications) {
      this.applications.set(application.publicId, application)
      this.armTimers(application)
    }
  }

  close(): void {
    this.clearTimers()
  }

  /** One allowed step, with its side effects, reported to the listeners. */
  private move(application: SandboxApplication, status: ApplicationStatusValue, terms?: SigningTerms): void {
    const previousStatus = application.status
    if (!canTransition(previousStatus, status)) {
      throw new SandboxConflict(`status ${status} cannot follow ${previousStatus}`)
    }
    const changedAt = this.now().toISOString()
    application.status = status
    application.statusHistory.push({ status, at: changedAt })
    applyStatusEffects(application, previousStatus, {
      now: this.now,
      partner: () => this.partnersOf(application.storeCode)[0],
      terms,
    })
    this.armTimers(application)
    this.listeners.onStatusChange({ application, previousStatus, status, changedAt })
    this.listeners.onChange()
  }

  /** The sandbox's own clock-driven moves: expiry, invoice approval, return settlement. */
  private armTimers(application: SandboxApplication): void {
    const { status } = application
    if (OPEN_STATUSES.has(status)) {
      const expiresAt = Date.parse(application.createdAt) + this.timings.applicationTtlSeconds * 1000
      this.after(expiresAt - this.now().getTime(), application, status, "Expired")
    } else if (status === "SignedWaitingForInvoiceApproval") {
      this.after(this.timings.invoiceApprovalMs, application, status, "Signed")
    } else if (status === "PendingReturn") {
      const request = application.returnRequests.find((candidate) => candidate.settledAt === null)
      const settlesTo =
        request?.returnType === RETURN_TYPES.Return || request?.returnType === undefined
          ? "Returned"
          : (application.statusBeforeReturn ?? "Returned")
      this.after(this.timings.returnSettleMs, application, status, settlesTo)
    }
  }

  /** Moves the application after `delayMs`, unless it has left `expected` by then. */
  private after(
    delayMs: number,
    application: SandboxApplication,
    expected: ApplicationStatusValue,
    next: ApplicationStatusValue
  ): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer)
        if (application.status === expected && this.applications.get(application.publicId) === application) {
          this.move(application, next)
        }
      },
      Math.max(0, delayMs)
    )
    timer.unref()
    this.timers.add(timer)
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }
}
