/*
 * The id the app under test registers the payment provider under. medusa-config.ts reads it from this
 * variable when Medusa boots, and RETAIL_FINANCING_PROVIDER_ID (constants.ts) when the helpers load, so
 * the whole suite can run under any registration id: RETAIL_FINANCING_PROVIDER_REGISTRATION_ID=financing.
 */
export const PROVIDER_REGISTRATION_ID_ENV = "RETAIL_FINANCING_PROVIDER_REGISTRATION_ID"

/** The id the README registers the provider under. */
export const DEFAULT_PROVIDER_REGISTRATION_ID = "retail-financing"

export function providerRegistrationId(): string {
  return process.env[PROVIDER_REGISTRATION_ID_ENV] || DEFAULT_PROVIDER_REGISTRATION_ID
}

/**
 * Registers the provider under `id` for the rest of the spec file, and puts the previous setting back
 * after it. Call it from a module the spec imports before the helpers (see
 * http/support/provider-registered-as-financing.ts): RETAIL_FINANCING_PROVIDER_ID is fixed when they load.
 */
export function registerProviderUnder(id: string): void {
  const previous = process.env[PROVIDER_REGISTRATION_ID_ENV]
  process.env[PROVIDER_REGISTRATION_ID_ENV] = id
  afterAll(() => {
    if (previous === undefined) delete process.env[PROVIDER_REGISTRATION_ID_ENV]
    else process.env[PROVIDER_REGISTRATION_ID_ENV] = previous
  })
}
