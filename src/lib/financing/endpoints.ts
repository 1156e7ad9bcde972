/**
 * The spec's 12 endpoints (section 4) in one table. `idempotent` decides whether an ambiguous failure
 * (a timeout, a reset connection, a 5xx) may be retried: the request may have been carried out already.
 */
export interface EndpointDefinition {
  /** Stable name used in errors and logs: method and path template, never a filled-in path. */
  name: string
  method: "GET" | "POST"
  authenticated: boolean
  idempotent: boolean
}

const endpoint = (
  method: EndpointDefinition["method"],
  path: string,
  authenticated: boolean,
  idempotent: boolean
): EndpointDefinition => ({ name: `${method} ${path}`, method, authenticated, idempotent })

export const ENDPOINTS = {
  token: endpoint("POST", "/v2/token", false, true),
  lowestPaymentOption: endpoint(
    "POST",
    "/v2/calculator/store/{code}/amount/{financedAmount}/lowestPaymentOption",
    false,
    true
  ),
  // Creating twice would leave the shopper two applications; see docs/client.md on ambiguous creation.
  createApplication: endpoint("POST", "/v2/applications", true, false),
  applicationStatus: endpoint("GET", "/v2/applications/{publicId}/status", true, true),
  applicationStatusByPhone: endpoint("GET", "/v2/applications/phone/{phone}/status", true, true),
  listApplications: endpoint("GET", "/v2/applications/from/{storeCode}/at/{date}", true, true),
  // A second return request is refused while one is pending, so a blind re-send could report a false failure.
  requestReturn: endpoint("POST", "/v2/applications/{publicId}/requestreturn", true, false),
  // The spec does not say whether a second upload replaces the first or adds another document.
  uploadInvoice: endpoint("POST", "/v2/applications/{publicId}/uploadinvoice", true, false),
  // Nor whether a second delivery record replaces or duplicates the first.
  deliveryInformation: endpoint("POST", "/v2/applications/{publicId}/deliveryinformation", true, false),
  // Attaching the same order references again changes nothing: they are a set.
  orderReferences: endpoint("POST", "/v2/applications/{publicId}/orders", true, true),
  financingPartners: endpoint("GET", "/v2/financingpartners", true, true),
  returnReasons: endpoint("GET", "/v2/returnreasons", true, true),
} as const satisfies Record<string, EndpointDefinition>

export type EndpointKey = keyof typeof ENDPOINTS
