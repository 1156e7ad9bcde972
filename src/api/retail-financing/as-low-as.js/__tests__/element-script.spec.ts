import { mkdtempSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"

import { elementScript, loadElementScript } from "../element-script"

const SOURCE = path.join(__dirname, "..", "..", "..", "..", "storefront", "as-low-as-element")

/** A directory holding `as-low-as-element.<ext>` files with the given contents. */
function elementFiles(files: Record<string, string>): string {
  const base = path.join(mkdtempSync(path.join(os.tmpdir(), "as-low-as-element-")), "as-low-as-element")
  for (const [extension, text] of Object.entries(files)) writeFileSync(`${base}.${extension}`, text)
  return base
}

describe("the web component's script", () => {
  it("compiles the TypeScript source when the plugin runs from source, into JavaScript a browser runs", async () => {
    const { body } = await loadElementScript(SOURCE)

    // Parsed, not run: a leftover type annotation or interface would be a syntax error here.
    expect(() => new Function(body)).not.toThrow()
    expect(body).toContain("customElements.define(TAG, RetailFinancingAsLowAs)")
    expect(body).not.toMatch(/\binterface DomNode\b/)
    // What a browser has no use for, or no `exports` to run.
    expect(body).not.toContain("exports")
    expect(body).not.toContain("sourceMappingURL")
  })

  it("serves the built .js when there is one, without tsc's CommonJS marker or the source map", async () => {
    const base = elementFiles({
      js:
        '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nconsole.log(1);\n' +
        "//# sourceMappingURL=data:application/json;base64,eyJ9\n",
      ts: "not used",
    })

    const script = await loadElementScript(base)

    expect(script.body).toBe('"use strict";\nconsole.log(1);\n')
    expect(script.etag).toMatch(/^"[\w-]{43}"$/)
    expect((await loadElementScript(base)).etag).toBe(script.etag)
  })

  it("refuses an element that imports or exports something, which no browser could run", async () => {
    const base = elementFiles({ ts: 'import { x } from "./x"\nconsole.log(x)\n' })

    await expect(loadElementScript(base)).rejects.toThrow("must be a plain script")
  })

  it("is read once per process", async () => {
    expect(await elementScript()).toBe(await elementScript())
  })
})
