import { ENDPOINTS } from "../endpoints"
import * as schemas from "../schemas"

/** Each area's rows, found by their name (`<AREA>_ENDPOINTS`), so a new area needs no line here. */
const areaRows = Object.entries(schemas)
  .filter(([name]) => name.endsWith("_ENDPOINTS"))
  .flatMap(([, rows]) => Object.entries(rows as Record<string, unknown>))

describe("ENDPOINTS, gathered from the rows each area of schemas/ declares", () => {
  it("finds the areas' rows", () => {
    expect(areaRows.length).toBeGreaterThan(0)
  })

  // Spreading the areas into one object would let a key declared twice hide a row, and an area left out
  // of endpoints.ts would leave its endpoints out of the table: both show here as a row missing.
  it("holds every area's row under its key, and nothing else", () => {
    expect(Object.entries(ENDPOINTS)).toEqual(expect.arrayContaining(areaRows))
    expect(Object.keys(ENDPOINTS)).toHaveLength(areaRows.length)
  })

  it("names each endpoint once", () => {
    const names = Object.values(ENDPOINTS).map((row) => row.name)
    expect(new Set(names).size).toBe(names.length)
  })
})
