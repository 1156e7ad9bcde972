import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import path from "node:path"

/**
 * Where a fixture of the project's shared folder is (`../shared/fixtures/<name>` beside the checkout). A
 * clean clone made elsewhere (CI clones main into a temporary folder) finds it beside the repository it was
 * cloned from, when that is a local path. `SHARED_FIXTURES_DIR` overrides both. A fixture that cannot be found
 * is an error naming every place looked at, never a skipped test.
 */
export function sharedFixture(root: string, name: string): string {
  const candidates: string[] = []
  if (process.env.SHARED_FIXTURES_DIR) candidates.push(path.join(process.env.SHARED_FIXTURES_DIR, name))
  candidates.push(path.resolve(root, "../shared/fixtures", name))
  const origin = originPath(root)
  if (origin) candidates.push(path.resolve(origin, "../shared/fixtures", name))
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) {
    throw new Error(
      `The shared fixture ${name} is not at any of: ${candidates.join(", ")} (set SHARED_FIXTURES_DIR)`
    )
  }
  return found
}

/** The repository this checkout was cloned from, when it is a folder on this machine. */
function originPath(root: string): string | null {
  try {
    const url = execFileSync("git", ["config", "--get", "remote.origin.url"], {
      cwd: root,
      encoding: "utf8",
    }).trim()
    return url.startsWith("/") ? url.replace(/\/\.git$/, "") : null
  } catch {
    return null
  }
}
