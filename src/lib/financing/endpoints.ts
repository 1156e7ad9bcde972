import type { EndpointDefinition } from "./endpoint-definition"
import { APPLICATION_ENDPOINTS } from "./schemas/application"
import { APPLICATION_STATUS_ENDPOINTS } from "./schemas/application-status"
import { CALCULATOR_ENDPOINTS } from "./schemas/calculator"
import { POST_SALE_ENDPOINTS } from "./schemas/post-sale"
import { REFERENCE_DATA_ENDPOINTS } from "./schemas/reference-data"
import { TOKEN_ENDPOINTS } from "./schemas/token"

export type { EndpointDefinition, PathParams } from "./endpoint-definition"
export { pathOf, pathPattern } from "./endpoint-definition"

/**
 * The spec's 12 endpoints (section 4) in one table, in the spec's order. Each area of schemas/ declares its
 * endpoints' rows beside their request and response schemas, so an endpoint's contract is one file; a new
 * area adds one line here.
 */
export const ENDPOINTS = {
  ...TOKEN_ENDPOINTS,
  ...CALCULATOR_ENDPOINTS,
  ...APPLICATION_ENDPOINTS,
  ...APPLICATION_STATUS_ENDPOINTS,
  ...POST_SALE_ENDPOINTS,
  ...REFERENCE_DATA_ENDPOINTS,
} as const satisfies Record<string, EndpointDefinition>

export type EndpointKey = keyof typeof ENDPOINTS
