import { z } from "zod"

import { OPTION_DESCRIPTIONS, type OptionName } from "../../src/config/option-descriptions"
import { RetailFinancingOptionsSchema, SECRET_OPTIONS } from "../../src/config/options"
import { withoutUndefined } from "../../src/domain/without-undefined"

export type ManifestOption = {
  type: string
  required: boolean
  default: unknown
  secret: boolean
  values?: unknown[]
  minimum?: number
  maximum?: number
  description: string
}

/** The part of JSON Schema that z.toJSONSchema writes for this schema's fields. */
type JsonSchema = {
  type?: string
  enum?: unknown[]
  anyOf?: JsonSchema[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  additionalProperties?: JsonSchema | boolean
  minimum?: number
  maximum?: number
}

/** A short type for people: JSON Schema's own words, with arrays and maps written as in TypeScript. */
function typeOf(schema: JsonSchema): string {
  if (schema.enum) return "enum"
  if (schema.anyOf) return [...new Set(schema.anyOf.map(typeOf))].join(" | ")
  if (schema.type === "array")
    return `${schema.items ? typeOf({ ...schema.items, enum: undefined }) : "unknown"}[]`
  if (schema.type === "object" && !schema.properties && typeof schema.additionalProperties === "object") {
    return `Record<string,${typeOf(schema.additionalProperties)}>`
  }
  return schema.type ?? "unknown"
}

/** Bounds the schema states as checks (z.number().min/max); a bound inside a refine is invisible here. */
function bounds(schema: JsonSchema): Pick<ManifestOption, "minimum" | "maximum"> {
  const numeric = [schema, ...(schema.anyOf ?? [])]
  return {
    minimum: numeric.find((branch) => branch.minimum !== undefined)?.minimum,
    maximum: numeric.find((branch) => branch.maximum !== undefined)?.maximum,
  }
}

/**
 * Every option as a merchant writes it (the schema's input side): whether it is required and its default
 * come from parsing nothing, so they are exactly what the plugin does with an option left out.
 */
export function manifestOptions(): Record<string, ManifestOption> {
  const { properties = {} } = z.toJSONSchema(RetailFinancingOptionsSchema, {
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema
  const secrets: readonly string[] = SECRET_OPTIONS
  return Object.fromEntries(
    Object.entries(RetailFinancingOptionsSchema.shape).map(([name, field]) => {
      const schema = properties[name] ?? {}
      const leftOut = field.safeParse(undefined)
      const option = withoutUndefined({
        type: typeOf(schema),
        required: !leftOut.success,
        default: leftOut.success ? (leftOut.data ?? null) : null,
        secret: secrets.includes(name),
        values: schema.enum,
        ...bounds(schema),
        description: OPTION_DESCRIPTIONS[name as OptionName],
      }) as ManifestOption
      return [name, option]
    })
  )
}
