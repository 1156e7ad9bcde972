import { withoutUndefined } from "../../src/domain/without-undefined"
import { byText, docOf, filesUnder, loadModule, parseSource } from "./source-files"

export type ManifestEvent = { event: string; subscriber: string; description?: string }

/** One entry per event each subscriber's exported `config.event` names. */
export function manifestEvents(root: string): ManifestEvent[] {
  const events: ManifestEvent[] = []
  for (const file of filesUnder(root, "src/subscribers", (name) => name.endsWith(".ts"))) {
    const { config } = loadModule(root, file) as { config?: { event?: string | string[] } }
    const description = docOf(parseSource(root, file), "default")
    for (const event of [config?.event ?? []].flat()) {
      events.push(withoutUndefined({ event, subscriber: file, description }) as ManifestEvent)
    }
  }
  return events.sort((a, b) => byText(a.event, b.event) || byText(a.subscriber, b.subscriber))
}
