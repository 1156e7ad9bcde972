import { SEEDED_DATA, type SeededData } from "../../seed"
import { Sandbox, launch, raw, tokenFor } from "./support/sandbox"

/*
 * docs/sandbox.md's "Seeded data" table is generated from SEEDED_DATA; test/manifest.spec.ts keeps the page
 * equal to it. This keeps SEEDED_DATA equal to what the sandbox answers at each row's request, so the page
 * describes the sandbox, not a list kept beside it.
 */

/** The one list in an answer: the body itself, or the array it holds (`{"carriers": [...]}`). */
function listIn(body: unknown): unknown[] {
  if (Array.isArray(body)) return body
  const arrays = Object.values(body as Record<string, unknown>).filter(Array.isArray)
  expect(arrays).toHaveLength(1)
  return arrays[0] as unknown[]
}

/** Every string in an item, so a row's code and label are found whatever the field is called. */
const stringsOf = (item: unknown): string[] =>
  typeof item === "string" ? [item] : Object.values(item as object).filter((v) => typeof v === "string")

describe("the seeded data docs/sandbox.md lists", () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await launch()
  })

  afterAll(async () => {
    await sandbox?.close()
  })

  const rows: SeededData[] = Object.values(SEEDED_DATA)

  it.each(rows.map((row) => [row.name, row] as const))(
    "%s: the values the sandbox answers at the row's request, in order",
    async (_name, { servedAt, values }) => {
      const [method = "", path = ""] = servedAt.split(" ")
      const token = path.startsWith("/v2/") ? await tokenFor(sandbox) : undefined
      const response = await raw(sandbox.url, method, path, { token })
      expect(response.status).toBe(200)

      const served = listIn(response.body).map(stringsOf)
      expect(served).toHaveLength(values.length)
      values.forEach(({ code, label }, index) => {
        expect(served[index]).toContain(code)
        if (label !== undefined) expect(served[index]).toContain(label)
      })
    }
  )
})
