import { readFileSync, readdirSync } from "node:fs"
import path from "node:path"

import { causeOfKey } from "../action-cause"

const ORDER_ID = "order_01KAAAAAAAAAAAAAAAAAAAAAAA"

describe("causeOfKey", () => {
  // Every key the planners (and the contract void) write, and the fields the admin renders from.
  it.each([
    [
      `order_references:${ORDER_ID}`,
      { kind: "order_placed", by: "medusa", about: "order", order_id: ORDER_ID },
    ],
    [`invoice:${ORDER_ID}`, { kind: "invoice_generated", by: "medusa", about: "order", order_id: ORDER_ID }],
    [
      "invoice:order_1:file:f_1",
      { kind: "invoice_uploaded", by: "merchant", about: "order", order_id: "order_1", file_id: "f_1" },
    ],
    [
      "delivery:ful_01SECOND",
      { kind: "fulfillment_handed_over", by: "medusa", about: "fulfillment", fulfillment_id: "ful_01SECOND" },
    ],
    [
      "delivery:ful_01FIRST:merchant:1795459587461",
      { kind: "delivery_requested", by: "merchant", about: "fulfillment", fulfillment_id: "ful_01FIRST" },
    ],
    [
      `merchant_return:${ORDER_ID}:1795459587461`,
      { kind: "return_requested", by: "merchant", about: "order", order_id: ORDER_ID },
    ],
    ["return:ret_01ABC", { kind: "return_received", by: "medusa", about: "return", return_id: "ret_01ABC" }],
    ["refund:ref_01ABC", { kind: "refund", by: "medusa", about: "refund", refund_id: "ref_01ABC" }],
    [`cancel:${ORDER_ID}`, { kind: "order_canceled", by: "medusa", about: "order", order_id: ORDER_ID }],
    [
      `redraft:${ORDER_ID}:v2`,
      { kind: "order_edited", by: "medusa", about: "edit", order_id: ORDER_ID, order_version: 2 },
    ],
    [
      "void:rfapp_01ABC",
      { kind: "contract_voided", by: "merchant", about: "application", application_id: "rfapp_01ABC" },
    ],
  ])("reads %s into its kind, what it is about and its ids", (key, fields) => {
    const cause = causeOfKey(key)
    expect(cause).toEqual(expect.objectContaining(fields))
    // Every id the key does not name is null, never undefined: the admin gets each field.
    const named = new Set(Object.keys(fields))
    for (const [field, value] of Object.entries(cause)) if (!named.has(field)) expect(value).toBeNull()
  })

  it("gives a key it does not know the kind other, about nothing", () => {
    expect(causeOfKey("something:else")).toEqual(expect.objectContaining({ kind: "other", about: null }))
  })
})

/** Every cause key template the server writes (`<prefix>:${...}`), read from the workflows' source. */
function causeKeyTemplates(): string[] {
  const workflows = path.resolve(__dirname, "../../../workflows")
  const files = (readdirSync(workflows, { recursive: true }) as string[]).filter(
    (file) => file.endsWith(".ts") && !file.includes("__tests__")
  )
  return files.flatMap((file) =>
    [...readFileSync(path.join(workflows, file), "utf8").matchAll(/`([a-z_]+:\$\{[^`]*)`/g)].map(
      (match) => match[1]
    )
  )
}

describe("every cause key the server writes", () => {
  // Each `${...}` stands for an id; a key the reader does not know would reach the admin as `other`.
  const templates = [...new Set(causeKeyTemplates())]
  const asKey = (template: string) => template.replace(/\$\{[^}]*\}/g, "x1")

  it("is found in the workflows", () => {
    expect(templates.length).toBeGreaterThanOrEqual(10)
  })

  it("is read into a cause kind of its own, so a new key fails here until action-cause.ts reads it", () => {
    const kinds = templates.map((template) => [template, causeOfKey(asKey(template)).kind] as const)
    for (const [template, kind] of kinds) expect({ template, kind }).not.toEqual({ template, kind: "other" })
    // Two templates of one kind are the same cause written twice (`invoice:${order.id}` in two planners).
    const byKind = new Map<string, Set<string>>()
    for (const [template, kind] of kinds) {
      const prefixes = byKind.get(kind) ?? new Set<string>()
      prefixes.add(asKey(template).replace(/x1/g, "").replace(/\d+/g, ""))
      byKind.set(kind, prefixes)
    }
    for (const [kind, shapes] of byKind) expect({ kind, shapes: shapes.size }).toEqual({ kind, shapes: 1 })
  })
})
