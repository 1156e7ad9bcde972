import type { DemoSettings } from "./settings"

export interface DemoSeed {
  status: "seeded" | "reused"
  publishableKey: string
  regionId: string
  seededAt: string
  /** With DEMO_LOCATIONS=2 (demo/medusa/seed-outlet.js). */
  outlet?: { publishableKey: string; salesChannelId: string }
}

export function prepareStoreData(
  settings: DemoSettings,
  medusa: (...args: string[]) => Promise<void>,
  say: (line: string) => void
): Promise<DemoSeed>
