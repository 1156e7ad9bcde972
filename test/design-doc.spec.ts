import { existsSync, readFileSync, readdirSync } from "node:fs"
import path from "node:path"

const root = path.resolve(__dirname, "..")
const DESIGN = "docs/design.md"

/** The repository's own top-level places: a code span starting with one of them names a file or folder. */
const TOP_LEVEL = /^(src|docs|test|integration-tests|scripts|bench|demo|e2e)\/|^[\w.-]+\.(md|json|cjs|js)$/

/**
 * The paths docs/design.md names in code spans, by paragraph. A paragraph that starts "Before (" describes
 * the tree a recipe was first counted in, whose files are gone on purpose; it is left out.
 */
export function pathsNamedIn(markdown: string): string[] {
  const paragraphs = markdown
    .split(/\n\s*\n/)
    .filter((paragraph) => !paragraph.trimStart().startsWith("Before ("))
  const spans = paragraphs.flatMap((paragraph) =>
    [...paragraph.matchAll(/`([^`\s]+)`/g)].map((match) => match[1])
  )
  return [...new Set(spans.filter((span) => TOP_LEVEL.test(span)))]
}

/** A file named by its tail alone (`perform/context.ts`, `status-map.spec.ts`): its name as the page writes it. */
const TAIL = /^[\w.-]+(\/[\w.-]+)*\.(ts|tsx|js|cjs|json|md)$/

export function tailsNamedIn(markdown: string): string[] {
  const paragraphs = markdown
    .split(/\n\s*\n/)
    .filter((paragraph) => !paragraph.trimStart().startsWith("Before ("))
  const spans = paragraphs.flatMap((paragraph) =>
    [...paragraph.matchAll(/`([^`\s]+)`/g)].map((match) => match[1])
  )
  return [...new Set(spans.filter((span) => TAIL.test(span) && !TOP_LEVEL.test(span)))]
}

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) return []
    const relative = `${dir}/${entry.name}`
    return entry.isDirectory() ? filesUnder(relative) : [relative]
  })
}

/** A path with a placeholder (`<kind>.ts`) names a file to create: the folder it goes in must exist. */
function existingPart(named: string): string {
  const placeholder = named.indexOf("<")
  return placeholder === -1 ? named : named.slice(0, named.lastIndexOf("/", placeholder) + 1)
}

describe(`the files ${DESIGN} names`, () => {
  const named = pathsNamedIn(readFileSync(path.join(root, DESIGN), "utf8"))

  it("are found in the page", () => {
    expect(named).toEqual(expect.arrayContaining(["src/workflows", "src/lib/financing/client.ts"]))
  })

  it("exist, so a recipe never sends a maintainer to a retired file", () => {
    const missing = named.filter((file) => !existsSync(path.join(root, existingPart(file))))
    expect(missing).toEqual([])
  })

  it("by their tail alone each match a file of the repository", () => {
    const files = ["src", "test", "integration-tests", "scripts"].flatMap(filesUnder)
    const tails = tailsNamedIn(readFileSync(path.join(root, DESIGN), "utf8"))
    expect(tails).toEqual(expect.arrayContaining(["perform/context.ts"]))
    expect(tails.filter((tail) => !files.some((file) => file.endsWith(`/${tail}`)))).toEqual([])
  })

  it("are checked: a retired file named outside a 'Before' paragraph is reported", () => {
    const page =
      "Intro.\n\nShowing it adds `src/admin/lib/api.ts`.\n\nBefore (`e62a430`): `src/post-sale/x.ts`.\n"
    expect(pathsNamedIn(page)).toEqual(["src/admin/lib/api.ts"])
    expect(existsSync(path.join(root, "src/admin/lib/api.ts"))).toBe(false)
  })
})
