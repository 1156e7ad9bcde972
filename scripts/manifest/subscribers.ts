import { withoutUndefined } from "../../src/domain/without-undefined"
import { byText, docOf, filesUnder, loadModule, parseSource } from "./source-files"

export type ManifestEvent = { event: string; subscriber: string; description?: string }

type SubscriberModule = {
  config?: { event?: string | string[] }
  /** A subscriber of several events may describe each (the post-sale one takes them from its causes). */
  eventDescriptions?: Record<string, string>
}

/**
 * One entry per event each subscriber's exported `config.event` names, described by the subscriber's
 * `eventDescriptions` for that event, else by the doc comment of its handler.
 */
export function manifestEvents(root: string): ManifestEvent[] {
  const events: ManifestEvent[] = []
  for (const file of filesUnder(root, "src/subscribers", (name) => name.endsWith(".ts"))) {
    const { config, eventDescriptions } = loadModule(root, file) as SubscriberModule
    const handlerDoc = docOf(parseSource(root, file), "default")
    for (const event of [config?.event ?? []].flat()) {
      const description = eventDescriptions?.[event] ?? handlerDoc
      events.push(withoutUndefined({ event, subscriber: file, description }) as ManifestEvent)
    }
  }
  return events.sort((a, b) => byText(a.event, b.event) || byText(a.subscriber, b.subscriber))
}
