import type { FinancingPartner, ReturnReason } from "../lib/financing/schemas"

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
