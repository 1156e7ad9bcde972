/*
 * Maps a Medusa return reason onto the service's return reasons (spec 2.12) for a return request (spec
 * 2.6). Pure: the caller fetches the service's list and passes the returnReasonMap option.
 */

export interface MedusaReturnReason {
  id: string
  value: string
  label: string
}

export interface ServiceReturnReason {
  publicId: string
  description: string
}

export interface ServiceReturnReasonFields {
  returnReasonPublicId?: string
  reason?: string
}

/** Spec 2.6 caps `reason` at 500 characters. */
export const MAX_REASON_LENGTH = 500
const ELLIPSIS = "\u2026"

export function serviceReturnReasonFor(
  medusaReason: MedusaReturnReason | null | undefined,
  serviceReasons: readonly ServiceReturnReason[],
  returnReasonMap: Readonly<Record<string, string>>
): ServiceReturnReasonFields {
  if (!medusaReason) return {}
  const publicId = mappedPublicId(medusaReason, serviceReasons, returnReasonMap)
  const reason = reasonText(medusaReason)
  return {
    ...(publicId !== undefined && { returnReasonPublicId: publicId }),
    ...(reason !== undefined && { reason }),
  }
}

function mappedPublicId(
  medusaReason: MedusaReturnReason,
  serviceReasons: readonly ServiceReturnReason[],
  returnReasonMap: Readonly<Record<string, string>>
): string | undefined {
  const known = new Set(serviceReasons.map((reason) => reason.publicId))
  // A mapped id the service no longer lists would be refused with the whole return request, so it is
  // skipped like an unmapped reason and the description match below gets its chance.
  for (const key of [medusaReason.value, medusaReason.id]) {
    const mapped = Object.hasOwn(returnReasonMap, key) ? returnReasonMap[key] : undefined
    if (mapped !== undefined && known.has(mapped)) return mapped
  }
  const names = new Set(
    [medusaReason.label, medusaReason.value].map(comparable).filter((name) => name !== "")
  )
  return serviceReasons.find((reason) => names.has(comparable(reason.description)))?.publicId
}

const comparable = (text: string | null | undefined) => (text ?? "").trim().toLowerCase()

/**
 * The label a person chose, which the service keeps as free text. Unlike an address, free text loses
 * nothing essential when cut, so an over-long label is shortened to the limit with an ellipsis rather than
 * failing the return request.
 */
function reasonText(medusaReason: MedusaReturnReason): string | undefined {
  const text = (medusaReason.label ?? "").trim() || (medusaReason.value ?? "").trim()
  if (text === "") return undefined
  if (text.length <= MAX_REASON_LENGTH) return text
  let cut = text.slice(0, MAX_REASON_LENGTH - ELLIPSIS.length)
  // Half of a surrogate pair at the cut would be sent as an unpaired, invalid UTF-16 unit.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}${ELLIPSIS}`
}
