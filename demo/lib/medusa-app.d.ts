import type { DemoSettings } from "./settings"

export function layOutMedusaApp(
  settings: DemoSettings,
  options?: { configFile?: string; leaveOut?: string[] }
): void
export function linkAdminBundle(settings: DemoSettings, adminBuildDir: string): void
