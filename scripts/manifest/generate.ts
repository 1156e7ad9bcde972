import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

import { format, resolveConfig } from "prettier"

import { MANIFEST_FILE, buildManifest } from "./build-manifest"
import { docSections } from "./doc-sections"
import { markdownTable } from "./markdown-table"
import { replaceSection } from "./marked-section"

/** The text as `prettier --check` expects it for that file. */
async function formatted(file: string, text: string): Promise<string> {
  return format(text, { ...(await resolveConfig(file)), filepath: file })
}

/** Writes the file only when its text changes, and says which it was. */
function update(root: string, file: string, text: string): void {
  const path = join(root, file)
  const unchanged = existsSync(path) && readFileSync(path, "utf8") === text
  if (!unchanged) writeFileSync(path, text)
  process.stdout.write(`${unchanged ? "unchanged" : "wrote"} ${file}\n`)
}

/**
 * `npm run manifest`: writes medusa-plugin.json from the code, then the reference tables of docs/ from the
 * same manifest, the client's source and the sandbox's seed (each between its section's markers; the rest
 * of the page is left alone).
 */
async function main(): Promise<void> {
  const root = join(__dirname, "../..")
  const manifest = buildManifest(root)
  update(root, MANIFEST_FILE, await formatted(join(root, MANIFEST_FILE), JSON.stringify(manifest, null, 2)))

  const sections = docSections(root, manifest)
  for (const page of [...new Set(sections.map((section) => section.file))]) {
    const text = sections
      .filter((section) => section.file === page)
      .reduce(
        (current, section) => replaceSection(current, section.name, markdownTable(section.table), page),
        readFileSync(join(root, page), "utf8")
      )
    update(root, page, await formatted(join(root, page), text))
  }
}

main().then(
  // Loading the plugin's code starts Medusa's timers; the files are written, so nothing is left to wait for.
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  }
)
