import { z } from "zod"
import { endpoint, type EndpointDefinition } from "../endpoint-definition"

/** Endpoint 1 (spec section 4). */
export const TOKEN_ENDPOINTS = {
  token: endpoint("POST", "/v2/token", false, true),
} as const satisfies Record<string, EndpointDefinition>

/** Spec 2.1. */
export const Token = z.object({ jwt: z.string().min(1) })
export type Token = z.infer<typeof Token>
