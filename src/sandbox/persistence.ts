import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import type { EngineSnapshot } from "./engine"

/**
 * Keeps the sandbox's applications in one JSON file. Writes are coalesced and atomic (a temporary file
 * renamed over the old one), so a crash mid-write never leaves half a file.
 */
export class StateFile {
  private scheduled: NodeJS.Timeout | undefined

  constructor(
    private readonly path: string,
    private readonly snapshot: () => EngineSnapshot,
    private readonly log: (line: string) => void = () => undefined
  ) {}

  load(): EngineSnapshot | undefined {
    if (!existsSync(this.path)) return undefined
    return JSON.parse(readFileSync(this.path, "utf8")) as EngineSnapshot
  }

  scheduleSave(): void {
    this.scheduled ??= setTimeout(() => this.flush(), 50)
  }

  /** Writes now. A failed write (the folder removed, the disk full) is logged: the sandbox keeps serving. */
  flush(): void {
    if (this.scheduled) clearTimeout(this.scheduled)
    this.scheduled = undefined
    const temporary = `${this.path}.tmp`
    try {
      writeFileSync(temporary, JSON.stringify(this.snapshot()))
      renameSync(temporary, this.path)
    } catch (error) {
      this.log(
        `could not save the state file ${this.path}: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }
}
