import { readFileSync } from "node:fs"
import { join } from "node:path"

import { CONTRACT_EXCEPTION_REASONS } from "../src/domain/checkout/contract-exceptions"
import { COMPLETION_RETRY_DELAYS_MS } from "../src/domain/checkout/completion-retry"

const page = readFileSync(join(__dirname, "../docs/exceptions.md"), "utf8")

describe("docs/exceptions.md", () => {
  it.each(CONTRACT_EXCEPTION_REASONS)("has a row for the exception %s", (reason) => {
    expect(page).toMatch(new RegExp(`^\\| \`${reason}\` +\\|`, "m"))
  })

  it("states the completion retries the code makes", () => {
    const words = (ms: number) => (ms >= 3_600_000 ? `${ms / 3_600_000} hour` : `${ms / 60_000} minute`)
    for (const delay of COMPLETION_RETRY_DELAYS_MS) expect(page).toContain(words(delay))
    expect(COMPLETION_RETRY_DELAYS_MS).toHaveLength(5)
  })
})
