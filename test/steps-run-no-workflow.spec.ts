import { readFileSync, readdirSync } from "node:fs"
import { join, relative } from "node:path"

/**
 * A step never runs a whole workflow (`.run()`), itself or through a helper that does: a workflow composes
 * steps, or another workflow with runAsStep, and routes, jobs and subscribers run workflows.
 */
const ROOT = join(__dirname, "..")
const WORKFLOWS = join(ROOT, "src/workflows")

/** Helpers outside workflows that run workflows: a step must not call them either. */
const RUNNERS = /from\s+["'][^"']*\/utils\/(run-post-sale|send-actions|run-application-sync)["']/

/**
 * Checkout steps that run Medusa's own workflows as runs of their own, on purpose: composed, core-flows 2.21.2
 * would skip their cart lock and compensation would undo a payment or an order (each file says why).
 */
const NOT_YET = new Set([
  "src/workflows/checkout/steps/complete-financed-cart.ts",
  "src/workflows/checkout/steps/capture-financed-payment.ts",
  "src/workflows/checkout/steps/process-financing-payment.ts",
])

const stepFiles = readdirSync(WORKFLOWS, { withFileTypes: true })
  .filter((area) => area.isDirectory())
  .flatMap((area) => {
    const steps = join(WORKFLOWS, area.name, "steps")
    try {
      return readdirSync(steps)
        .filter((name) => name.endsWith(".ts"))
        .map((name) => relative(ROOT, join(steps, name)))
    } catch {
      return []
    }
  })

describe("steps run no workflow", () => {
  it("finds the steps", () => {
    expect(stepFiles.length).toBeGreaterThan(10)
  })

  it.each(stepFiles.filter((file) => !NOT_YET.has(file)))("%s runs no workflow", (file) => {
    const source = readFileSync(join(ROOT, file), "utf8")
    expect(source).not.toMatch(/\)\s*\.run\(/)
    expect(source).not.toMatch(RUNNERS)
  })
})
