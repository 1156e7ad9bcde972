import { readFileSync, readdirSync } from "node:fs"
import path from "node:path"

const src = path.resolve(__dirname, "..", "src")

/** Every source file that ships (tests excluded: they may compute an expected figure any way they like). */
function shippedSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : shippedSources(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

// `Math.round(amount * 100)` rounds the binary neighbour of the amount: 1.005 dollars becomes 100 cents, where
// the server, the contract and a person say 101. src/lib/financing/money.ts is the one conversion.
const FLOAT_CENTS = /Math\.round\([^()]*\*\s*100\s*\)/

describe("one dollars-to-cents conversion", () => {
  it("no shipped file turns dollars into cents by multiplying a float by 100 and rounding", () => {
    const offenders = shippedSources(src)
      .filter((file) => FLOAT_CENTS.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(src, file))
    expect(offenders).toEqual([])
  })
})
