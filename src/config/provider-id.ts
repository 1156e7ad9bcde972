/**
 * The payment provider's static identifier. Medusa names each registration of the provider
 * `pp_<identifier>_<id>`, the id being whatever the store's medusa-config gives it ("retail-financing" in
 * the README, but any id works), or `pp_<identifier>` when it gives none.
 */
export const FINANCING_PROVIDER_IDENTIFIER = "retail-financing"

const PROVIDER_ID_PREFIX = `pp_${FINANCING_PROVIDER_IDENTIFIER}`

/** The provider id Medusa gives a registration of this provider under `registrationId`. */
export function financingProviderId(registrationId?: string): string {
  return registrationId ? `${PROVIDER_ID_PREFIX}_${registrationId}` : PROVIDER_ID_PREFIX
}

/**
 * Whether a payment session, payment or provider belongs to this provider, whatever id the store
 * registered it under. Code never compares with one fixed id: a store with another id would find its
 * financing sessions ignored.
 */
export function isFinancingProviderId(providerId: unknown): providerId is string {
  return (
    typeof providerId === "string" &&
    (providerId === PROVIDER_ID_PREFIX || providerId.startsWith(`${PROVIDER_ID_PREFIX}_`))
  )
}
