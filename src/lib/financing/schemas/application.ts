import { z } from "zod"
import { endpoint, type EndpointDefinition } from "../endpoint-definition"
import { centsFromDecimal, fromCents } from "../money"
import {
  DateOfBirth,
  Email,
  HttpUrl,
  Money,
  Phone,
  UsState,
  ZipCode,
  isPoBox,
  maxChars,
  nonBlank,
  requiredText,
} from "./primitives"

/** Endpoint 3 (spec section 4). */
export const APPLICATION_ENDPOINTS = {
  // Creating twice would leave the shopper two applications; see docs/client.md on ambiguous creation.
  createApplication: endpoint("POST", "/v2/applications", true, false),
} as const satisfies Record<string, EndpointDefinition>

/** Spec 2.2 Address: every field optional, each with its own cap. */
export const ApplicationAddress = z
  .object({
    street: maxChars(40)
      .refine((street) => !isPoBox(street), { message: "PO boxes are not allowed" })
      .optional(),
    suiteApartment: maxChars(5).optional(),
    city: maxChars(25).optional(),
    state: UsState.optional(),
    zipCode: ZipCode.optional(),
  })
  .strict()
export type ApplicationAddress = z.infer<typeof ApplicationAddress>

/** Spec 2.2 Product: `value` is the extended value of the whole line, negative for coupons and discounts. */
export const Product = z
  .object({
    id: maxChars(256).optional(),
    serialNumber: maxChars(256).optional(),
    description: requiredText(256),
    quantity: z
      .number({ message: "must be a number" })
      .finite({ message: "must be a finite number" })
      .gt(0, { message: "must be greater than 0" }),
    value: Money,
  })
  .strict()
export type Product = z.infer<typeof Product>

/** Cart total as the service computes it, in whole cents so that summing many lines cannot drift. */
export function cartTotal(products: readonly Pick<Product, "value">[]): number {
  return fromCents(products.reduce((sum, product) => sum + centsFromDecimal(product.value), 0))
}

/** Spec 2.2 Application (creation input). */
export const ApplicationInput = z
  .object({
    storeCode: nonBlank,
    firstName: requiredText(100),
    middleInitial: maxChars(100).optional(),
    lastName: requiredText(100),
    dateOfBirth: DateOfBirth.optional(),
    mobilePhone: Phone,
    email: Email.optional(),
    address: ApplicationAddress.optional(),
    products: z.array(Product).min(1, { message: "must hold at least one product line" }),
    redirectUrl: HttpUrl.optional(),
    cancelUrl: HttpUrl.optional(),
    referenceNumber: nonBlank.optional(),
  })
  .strict()
  .refine((input) => cartTotal(input.products) > 0, {
    path: ["products"],
    message: "the cart total (sum of the product values) must be greater than 0",
  })
export type ApplicationInput = z.infer<typeof ApplicationInput>

/** Spec 2.3. */
export const ApplicationCreated = z.object({
  publicId: z.string().min(1),
  link: HttpUrl,
})
export type ApplicationCreated = z.infer<typeof ApplicationCreated>
