import { writeFileSync } from "node:fs"
import { join } from "node:path"

import { format, resolveConfig } from "prettier"

import { MANIFEST_FILE, buildManifest } from "./build-manifest"

/** `npm run manifest`: writes medusa-plugin.json from the code, formatted as `prettier --check` expects. */
async function main(): Promise<void> {
  const root = join(__dirname, "../..")
  const file = join(root, MANIFEST_FILE)
  const manifest = buildManifest(root)
  const text = await format(JSON.stringify(manifest, null, 2), {
    ...(await resolveConfig(file)),
    filepath: file,
  })
  writeFileSync(file, text)
  process.stdout.write(`wrote ${MANIFEST_FILE}\n`)
}

main().then(
  // Loading the plugin's code starts Medusa's timers; the file is written, so nothing is left to wait for.
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  }
)
