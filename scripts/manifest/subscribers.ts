import { withoutUndefined } from "../../src/domain/without-undefined"
import { byText, docOf, docTagOf, filesUnder, loadModule, parseSource } from "./source-files"

/**
 * `oncePer`: what the event's action is recorded once for (an order, a fulfillment...), however often the
 * event comes; from the `@oncePer` tag of the subscriber's doc comment.
 */
export type ManifestEvent = { event: string; subscriber: string; description?: string; oncePer?: string }

/** One entry per event each subscriber's exported `config.event` names. */
export function manifestEvents(root: string): ManifestEvent[] {
  const events: ManifestEvent[] = []
  for (const file of filesUnder(root, "src/subscribers", (name) => name.endsWith(".ts"))) {
    const { config } = loadModule(root, file) as { config?: { event?: string | string[] } }
    const source = parseSource(root, file)
    const description = docOf(source, "default")
    const oncePer = docTagOf(source, "default", "oncePer")
    for (const event of [config?.event ?? []].flat()) {
      events.push(withoutUndefined({ event, subscriber: file, description, oncePer }) as ManifestEvent)
    }
  }
  return events.sort((a, b) => byText(a.event, b.event) || byText(a.subscriber, b.subscriber))
}
