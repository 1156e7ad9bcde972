import { readFileSync, readdirSync } from "node:fs"
import path from "node:path"

import { ENDPOINTS, type EndpointDefinition, pathOf, pathPattern } from "../endpoints"
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

describe("an endpoint's path, written once in its row", () => {
  const sample = (name: string) => `${name}-1`
  const filled = (row: EndpointDefinition) => {
    const names = [...row.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
    const params = Object.fromEntries(names.map((name) => [name, sample(name)]))
    return { names, path: pathOf(row, params as never) }
  }

  it("fills each {name} of the row's template, percent-encoded", () => {
    expect(pathOf(ENDPOINTS.applicationStatus, { publicId: "a b/c" })).toBe(
      "/v2/applications/a%20b%2Fc/status"
    )
    expect(pathOf(ENDPOINTS.listApplications, { storeCode: "S1", date: "2025-03-04" })).toBe(
      "/v2/applications/from/S1/at/2025-03-04"
    )
    expect(pathOf(ENDPOINTS.token, {})).toBe("/v2/token")
  })

  it("asks the typecheck for the row's own names", () => {
    // @ts-expect-error the status row's segment is publicId, not phone
    expect(() => pathOf(ENDPOINTS.applicationStatus, { phone: "1" })).toBeDefined()
  })

  it.each(Object.entries(ENDPOINTS))(
    "%s: the sandbox's pattern takes the client's path back apart",
    (_, row) => {
      const { names, path } = filled(row)
      expect(pathPattern(row).exec(path)?.slice(1)).toEqual(names.map(sample))
      // No other row claims it, so the order in which the sandbox adds its routes does not matter.
      const claimants = Object.values(ENDPOINTS).filter((other) => pathPattern(other).test(path))
      expect(claimants).toEqual([row])
    }
  )

  it("matches whole segments only", () => {
    expect(pathPattern(ENDPOINTS.applicationStatus).test("/v2/applications/a/b/status")).toBe(false)
    expect(pathPattern(ENDPOINTS.token).test("/v2/tokens")).toBe(false)
    expect(pathPattern(ENDPOINTS.token).test("/v2Xtoken")).toBe(false)
  })

  // The client and the sandbox take the path from the row; a copy written beside them would drift from it.
  it("appears nowhere in the shipped code but its row in schemas/", () => {
    const src = path.resolve(__dirname, "../../..")
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) return entry.name === "__tests__" ? [] : files(full)
        return /\.tsx?$/.test(entry.name) ? [full] : []
      })
    const written = files(src)
      .filter((file) => !file.startsWith(path.join(src, "lib/financing/schemas") + path.sep))
      .filter((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
          .some((line) => /["'`]\/v2\/|\\\/v2\\\//.test(line))
      )
      .map((file) => path.relative(src, file))
    expect(written).toEqual([])
  })
})
