import type { DemoSettings } from "./settings"

export interface DemoSeed {
  status: "seeded" | "reused"
  publishableKey: string
  regionId: string
  seededAt: string
}

export function prepareStoreData(
  settings: DemoSettings,
  medusa: (...args: string[]) => Promise<void>,
  say: (line: string) => void
): Promise<DemoSeed>
