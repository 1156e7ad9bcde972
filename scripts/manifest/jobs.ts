import { withoutUndefined } from "../../src/domain/without-undefined"
import { byText, docOf, filesUnder, loadModule, parseSource } from "./source-files"

export type ManifestJob = { name: string; schedule: string; file: string; description?: string }

/** Each scheduled job with the name and schedule of its exported `config`. */
export function manifestJobs(root: string): ManifestJob[] {
  const jobs: ManifestJob[] = []
  for (const file of filesUnder(root, "src/jobs", (name) => name.endsWith(".ts"))) {
    const { config } = loadModule(root, file) as { config?: { name?: string; schedule?: unknown } }
    if (!config?.name) throw new Error(`${file} exports no config with a job name`)
    jobs.push(
      withoutUndefined({
        name: config.name,
        schedule: String(config.schedule),
        file,
        description: docOf(parseSource(root, file), "default"),
      }) as ManifestJob
    )
  }
  return jobs.sort((a, b) => byText(a.name, b.name))
}
