import { withoutUndefined } from "../../src/domain/without-undefined"
import { byText, declares, docOf, filesUnder, loadModule, parseSource } from "./source-files"

export type ManifestWorkflow = { id: string; file: string; description?: string }

/** What createWorkflow returns; steps (createStep) have no getName, so they are not listed. */
function isWorkflow(value: unknown): value is { getName: () => string } {
  return typeof value === "function" && typeof (value as { getName?: unknown }).getName === "function"
}

/**
 * Each workflow a file under src/workflows exports, by the id Medusa registers it under, listed once, from
 * the file that declares it (an index that re-exports it declares nothing).
 */
export function manifestWorkflows(root: string): ManifestWorkflow[] {
  const byId = new Map<string, ManifestWorkflow>()
  for (const file of filesUnder(root, "src/workflows", (name) => name.endsWith(".ts"))) {
    const source = parseSource(root, file)
    for (const [name, value] of Object.entries(loadModule(root, file))) {
      if (!isWorkflow(value)) continue
      const id = value.getName()
      if (byId.has(id) && !declares(source, name)) continue
      byId.set(id, withoutUndefined({ id, file, description: docOf(source, name) }) as ManifestWorkflow)
    }
  }
  return [...byId.values()].sort((a, b) => byText(a.id, b.id))
}
