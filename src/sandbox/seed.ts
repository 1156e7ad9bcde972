import { REFERENCE_DATA_ENDPOINTS, type FinancingPartner, type ReturnReason } from "../lib/financing/schemas"
import { SANDBOX_CARRIERS } from "./carriers"
import { DEFAULT_CREDENTIALS } from "./options"

/** The store's configured partners, or two sandbox partners named after the store. */
export function partnersFor(storeCode: string, configured?: readonly FinancingPartner[]): FinancingPartner[] {
  if (configured && configured.length > 0) return [...configured]
  const suffix = storeCode.slice(0, 8).toUpperCase()
  return [
    {
      code: "SANDLEASE",
      name: `Sandbox Lease Company (${suffix})`,
      displayName: "Sandbox Lease",
      street: "100 Market St",
      suiteApartment: "200",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      phone: "512-555-0100",
    },
    {
      code: "SANDCREDIT",
      name: `Sandbox Credit Union (${suffix})`,
      displayName: "Sandbox Credit",
      street: "5 Harbor Way",
      suiteApartment: null,
      city: "Portland",
      state: "OR",
      zipCode: "97201",
      phone: "503-555-0199",
    },
  ]
}

export const RETURN_REASONS: readonly ReturnReason[] = [
  { publicId: "damaged", description: "Item arrived damaged or defective" },
  { publicId: "wrong-item", description: "Wrong item delivered" },
  { publicId: "not-needed", description: "Customer no longer needs the item" },
  { publicId: "price", description: "Price adjustment" },
  { publicId: "other", description: "Other" },
]

/**
 * One kind of reference data the sandbox seeds, as the "Seeded data" table of docs/sandbox.md shows it:
 * `npm run manifest` writes that table from SEEDED_DATA, so the words belong here, not in the page.
 */
export interface SeededData {
  /** What the data is, as the table names it. */
  name: string
  /** The request that reads it: method and path. */
  servedAt: string
  /** The values taken from the data the sandbox serves: each one's code, and its name for people if any. */
  values: readonly { code: string; label?: string }[]
  /** Markdown: whom the values are seeded for, what a caller gives instead, what the sandbox does with them. */
  notes: string
}

/**
 * Keyed so that every reference-data endpoint of the contract has its row (the typecheck fails without
 * one); a list the sandbox seeds for something else (the carriers) adds its own key.
 */
export const SEEDED_DATA = {
  financingPartners: {
    name: "Financing partners",
    servedAt: REFERENCE_DATA_ENDPOINTS.financingPartners.name,
    values: partnersFor(DEFAULT_CREDENTIALS.storeCode).map(({ code, displayName }) => ({
      code,
      label: displayName,
    })),
    notes:
      "The same two for every store, their `name` carrying the store's code; " +
      "or the `partners` given with the store's credentials.",
  },
  returnReasons: {
    name: "Return reasons",
    servedAt: REFERENCE_DATA_ENDPOINTS.returnReasons.name,
    values: RETURN_REASONS.map(({ publicId, description }) => ({ code: publicId, label: description })),
    notes: "The same for every store.",
  },
  carriers: {
    name: "Carrier codes",
    servedAt: "GET /sandbox/carriers",
    values: SANDBOX_CARRIERS.map((code) => ({ code })),
    notes:
      "Invented, of the real codes' shape (the operator supplies the real list); or the list given as " +
      "`carriers`. Delivery information naming any other carrier is refused with 400 naming `carrier`.",
  },
} satisfies Record<keyof typeof REFERENCE_DATA_ENDPOINTS, SeededData> & Record<string, SeededData>
