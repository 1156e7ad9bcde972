import { FINANCING_EVENT_DOCS } from "../../src/domain/events/financing-events"

export type ManifestEmittedEvent = { event: string; description: string; payload: string[] }

/** One entry per event the plugin emits, from its row in src/domain/events/financing-events.ts. */
export function manifestEmittedEvents(): ManifestEmittedEvent[] {
  return Object.entries(FINANCING_EVENT_DOCS)
    .map(([event, { description, payload }]) => ({ event, description, payload }))
    .sort((a, b) => a.event.localeCompare(b.event))
}
