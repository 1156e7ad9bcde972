import { withoutUndefined } from "../../src/domain/without-undefined"
import { byText, docOf, filesUnder, loadModule, parseSource } from "./source-files"

/**
 * `oncePer`: what the event's action is recorded once for (an order, a fulfillment...), however often the
 * event comes; declared beside the event's description.
 */
export type ManifestEvent = { event: string; subscriber: string; description?: string; oncePer?: string }

/** What a subscriber declares about one of its events, as data (the post-sale one takes it from its causes). */
type EventDoc = { description?: string; oncePer?: string }

type SubscriberModule = {
  config?: { event?: string | string[] }
  eventDocs?: Record<string, EventDoc>
}

/**
 * One entry per event each subscriber's exported `config.event` names, described by the subscriber's
 * `eventDocs` for that event (its description and what it is once per), else by the doc comment of its
 * handler.
 */
export function manifestEvents(root: string): ManifestEvent[] {
  const events: ManifestEvent[] = []
  for (const file of filesUnder(root, "src/subscribers", (name) => name.endsWith(".ts"))) {
    const { config, eventDocs } = loadModule(root, file) as SubscriberModule
    const handlerDoc = docOf(parseSource(root, file), "default")
    for (const event of [config?.event ?? []].flat()) {
      const declared = eventDocs?.[event]
      const description = declared?.description ?? handlerDoc
      events.push(
        withoutUndefined({
          event,
          subscriber: file,
          description,
          oncePer: declared?.oncePer,
        }) as ManifestEvent
      )
    }
  }
  return events.sort((a, b) => byText(a.event, b.event) || byText(a.subscriber, b.subscriber))
}
