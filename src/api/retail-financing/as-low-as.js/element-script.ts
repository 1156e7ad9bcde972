import { createHash } from "node:crypto"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import path from "node:path"

/** The web component, compiled by `medusa plugin:build` into .medusa/server/src/storefront/. */
const ELEMENT_PATH = path.join(__dirname, "..", "..", "..", "storefront", "as-low-as-element")

export interface ElementScript {
  body: string
  /** A strong validator of the body, so a browser revalidates with one small request. */
  etag: string
}

let loaded: Promise<ElementScript> | undefined

/** The script, read once per process. */
export function elementScript(): Promise<ElementScript> {
  loaded ??= loadElementScript(ELEMENT_PATH).catch((error: unknown) => {
    loaded = undefined
    throw error
  })
  return loaded
}

/** Reads `<base>.js`, or compiles `<base>.ts` when the plugin runs from its own source (tests, benches). */
export async function loadElementScript(base: string): Promise<ElementScript> {
  const built = await readFile(`${base}.js`, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined
    throw error
  })
  const body = asBrowserScript(built ?? transpile(await readFile(`${base}.ts`, "utf8")))
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url")}"` }
}

/** tsc's CommonJS marker, which it writes even into a file without imports or exports. */
const COMMONJS_MARKER = /^Object\.defineProperty\(exports, "__esModule", \{ value: true \}\);\n/m

/**
 * The plugin compiles to CommonJS, which marks every file as a module for Node; a browser has no
 * `exports`, so the marker goes. Anything more of CommonJS means the element imported or exported
 * something, which it must not: that is refused here rather than failing in shoppers' browsers.
 */
function asBrowserScript(compiled: string): string {
  const body = compiled
    .replace(COMMONJS_MARKER, "")
    // The inline map points at a .ts path no browser can reach, and doubles the download.
    .replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, "\n")
  if (/\bexports\.|\brequire\(/.test(body)) {
    throw new Error("the as-low-as element must be a plain script: no import or export")
  }
  return body
}

function transpile(source: string): string {
  // TypeScript is a build tool, present wherever the source is; the published package ships the .js.
  const ts = createRequire(__filename)("typescript") as typeof import("typescript")
  // The build's output shape (a CommonJS module), so both paths go through the same clean-up.
  const compilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleDetection: ts.ModuleDetectionKind.Force,
  }
  return ts.transpileModule(source, { compilerOptions }).outputText
}
