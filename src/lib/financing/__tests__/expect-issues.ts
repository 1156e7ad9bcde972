import type { z } from "zod"
import type { ValidationIssue } from "../errors"
import { issuesOf } from "../validation"

/** Every issue the schema raises for `input`, as the client reports them (`products[0].value`). */
export function issuesFor(schema: z.ZodType, input: unknown): ValidationIssue[] {
  const result = schema.safeParse(input)
  return result.success ? [] : issuesOf(result.error)
}

/** Parses and returns the output; on failure the assertion shows every issue, not just "false". */
export function expectAccepted<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  expect(result.success ? [] : issuesOf(result.error)).toEqual([])
  return result.data as z.output<S>
}

/**
 * Refused on `path` with a message containing `fragment`, and on no other field, so that a test cannot
 * pass because some unrelated field of its fixture happened to be wrong.
 */
export function expectRefused(schema: z.ZodType, input: unknown, path: string, fragment: string): void {
  const issues = issuesFor(schema, input)
  expect(issues).toContainEqual({ path, message: expect.stringContaining(fragment) })
  expect(issues.filter((issue) => issue.path !== path)).toEqual([])
}

export const chars = (length: number, char = "a") => char.repeat(length)

/** A syntactically valid email address of exactly `length` characters. */
export function emailOfLength(length: number): string {
  const domain = "@example.com"
  return `${chars(length - domain.length, "e")}${domain}`
}
