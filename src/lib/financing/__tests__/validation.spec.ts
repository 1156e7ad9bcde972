import { z } from "zod"
import { FinancingError, FinancingResponseError, FinancingValidationError } from "../errors"
import { ApplicationInput, ApplicationStatus, ReturnRequest } from "../schemas"
import { fieldPath, issuesOf, parseResponse, validateRequest } from "../validation"

describe("fieldPath", () => {
  it.each<[PropertyKey[], string]>([
    [[], ""],
    [["firstName"], "firstName"],
    [["address", "zipCode"], "address.zipCode"],
    [["products", 0, "value"], "products[0].value"],
    [["products", 12, "description"], "products[12].description"],
    [["orders", 1], "orders[1]"],
    [[0], "[0]"],
    [[1, "city"], "[1].city"],
    [["matrix", 0, 1], "matrix[0][1]"],
    [["a", "b", "c"], "a.b.c"],
  ])("%j is %j", (path, expected) => {
    expect(fieldPath(path)).toBe(expected)
  })
})

describe("issuesOf", () => {
  it("names each field as a person would and keeps the schema's message", () => {
    const result = ApplicationInput.safeParse({
      storeCode: "S1",
      firstName: "Ann",
      lastName: "Lee",
      mobilePhone: "5551234567",
      products: [
        { description: "Sofa", quantity: 1, value: 899.99 },
        { description: "Fee", quantity: 1, value: 0.001 },
      ],
    })
    expect(result.success).toBe(false)
    expect(issuesOf(result.error!)).toEqual([
      { path: "products[1].value", message: "must have at most 2 decimal places (whole cents)" },
    ])
  })
})

describe("validateRequest", () => {
  const application = {
    storeCode: "STORE-001",
    firstName: "Ann",
    lastName: "Lee",
    mobilePhone: "555-123-4567",
    products: [{ description: "Sofa", quantity: 1, value: 899.99 }],
  }

  function thrownBy(run: () => unknown): FinancingValidationError {
    try {
      run()
    } catch (error) {
      expect(error).toBeInstanceOf(FinancingValidationError)
      return error as FinancingValidationError
    }
    throw new Error("expected a FinancingValidationError, nothing was thrown")
  }

  it("returns the parsed input when it is valid", () => {
    expect(validateRequest(ApplicationInput, application, "Application")).toEqual(application)
  })

  it("throws a FinancingValidationError naming every field with its rule", () => {
    const error = thrownBy(() =>
      validateRequest(
        ApplicationInput,
        {
          ...application,
          firstName: "A".repeat(101),
          address: { zipCode: "2134" },
          products: [
            { description: "Sofa", quantity: 1, value: 899.99 },
            { description: "Fee", quantity: 0, value: 0.001 },
          ],
        },
        "Application",
        "POST /v2/applications"
      )
    )

    expect(error.issues).toEqual([
      { path: "firstName", message: "must be at most 100 characters" },
      { path: "address.zipCode", message: "must be a 5-digit US ZIP code" },
      { path: "products[1].quantity", message: "must be greater than 0" },
      { path: "products[1].value", message: "must have at most 2 decimal places (whole cents)" },
    ])
    expect(error.message).toBe(
      "Application is invalid: firstName must be at most 100 characters; " +
        "address.zipCode must be a 5-digit US ZIP code; " +
        "products[1].quantity must be greater than 0; " +
        "products[1].value must have at most 2 decimal places (whole cents)"
    )
    expect(error.endpoint).toBe("POST /v2/applications")
    expect(error.name).toBe("FinancingValidationError")
    expect(error).toBeInstanceOf(FinancingError)
    expect(error).toBeInstanceOf(Error)
  })

  it("names a cross-field rule by the field it is about", () => {
    const error = thrownBy(() => validateRequest(ReturnRequest, { returnType: 4 }, "Return request"))
    expect(error.issues).toEqual([{ path: "amount", message: "is required when returnType is 4 (Partial)" }])
    expect(error.message).toBe("Return request is invalid: amount is required when returnType is 4 (Partial)")
    expect(error.endpoint).toBeUndefined()
  })

  it("writes (root) for an issue about the whole object", () => {
    const error = thrownBy(() =>
      validateRequest(ApplicationInput, { ...application, nickname: "Annie" }, "Application")
    )
    expect(error.issues).toEqual([{ path: "", message: 'Unrecognized key: "nickname"' }])
    expect(error.message).toBe('Application is invalid: (root) Unrecognized key: "nickname"')
  })

  it("serialises to its fields and nothing else", () => {
    const error = thrownBy(() =>
      validateRequest(z.object({ pin: z.string().length(4) }), { pin: "12" }, "Pin")
    )
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "FinancingValidationError",
      message: error.message,
      endpoint: undefined,
      issues: [{ path: "pin", message: expect.stringContaining("4") }],
    })
  })
})

describe("parseResponse", () => {
  it("returns the parsed body", () => {
    expect(
      parseResponse(
        ApplicationStatus,
        { publicId: "app_1", status: "Pending", phone: "5551234567" },
        "GET x",
        200
      )
    ).toMatchObject({ publicId: "app_1", paymentInfo: null })
  })

  it("throws a FinancingResponseError naming the endpoint, the status and each field", () => {
    const endpoint = "GET /v2/applications/{publicId}/status"
    let caught: unknown
    try {
      parseResponse(
        ApplicationStatus,
        { publicId: "app_1", status: "Approvedd", phone: "5551234567" },
        endpoint,
        200
      )
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(FinancingResponseError)
    const error = caught as FinancingResponseError
    expect(error.status).toBe(200)
    expect(error.endpoint).toBe(endpoint)
    expect(error.issues).toEqual([{ path: "status", message: expect.stringContaining("expected one of") }])
    expect(error.message).toMatch(
      /^GET \/v2\/applications\/\{publicId\}\/status answered 200 with an unexpected body: status /
    )
  })
})
