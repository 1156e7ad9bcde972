export { FinancingClient } from "./client"
export type { CreateApplicationOptions, DeliveryInformationResult } from "./client"
export { CLIENT_OPTION_RANGES, FinancingClientOptions } from "./options"
export type { IntegerRange, ResolvedFinancingClientOptions } from "./options"
export * from "./errors"
export * from "./schemas"
export { ENDPOINTS } from "./endpoints"
export type { EndpointDefinition, EndpointKey } from "./endpoints"
export { TokenCache, TOKEN_LIFETIME_MS, jwtExpiry } from "./token-cache"
export {
  DEFAULT_RETRY_POLICY,
  classifyFailure,
  parseRetryAfter,
  retryDelayMs,
  shouldRetry,
} from "./retry-policy"
export type { FailureKind, RetryPolicyOptions } from "./retry-policy"
export type { FinancingLogger } from "./transport"
export { fieldPath, issuesOf, parseResponse, validateRequest } from "./validation"
