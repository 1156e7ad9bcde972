import { readFileSync } from "node:fs"
import { join } from "node:path"

import { type ManifestAdminExtension, manifestAdmin } from "./admin"
import { type ManifestMiddleware, type ManifestRoute, manifestMiddlewares, manifestRoutes } from "./api"
import { type ManifestJob, manifestJobs } from "./jobs"
import { type ManifestOption, manifestOptions } from "./options"
import {
  type ManifestModule,
  type ManifestProvider,
  manifestModules,
  manifestProviders,
} from "./plugin-modules"
import { type ManifestEvent, manifestEvents } from "./subscribers"
import { type ManifestWorkflow, manifestWorkflows } from "./workflows"
import { type ManifestEmittedEvent, manifestEmittedEvents } from "./emitted-events"

export const MANIFEST_FILE = "medusa-plugin.json"

export type Manifest = {
  name: string
  version: string
  description: string
  medusa: { supportedVersions: string }
  providers: ManifestProvider[]
  options: Record<string, ManifestOption>
  events: ManifestEvent[]
  /** The plugin's own events, which a store's subscribers may listen to. */
  emits: ManifestEmittedEvent[]
  routes: ManifestRoute[]
  jobs: ManifestJob[]
  admin: ManifestAdminExtension[]
  modules: ManifestModule[]
  middlewares: ManifestMiddleware[]
  workflows: ManifestWorkflow[]
}

type PackageJson = {
  name: string
  version: string
  description: string
  devDependencies: Record<string, string>
}

/** The Medusa minor the plugin is built and tested against: 2.21.2 supports >=2.21.0 <2.22.0. */
function supportedVersions(tested: string): string {
  const [major, minor] = tested
    .replace(/^[^\d]*/, "")
    .split(".")
    .map(Number)
  if (major === undefined || minor === undefined || Number.isNaN(minor)) {
    throw new Error(`@medusajs/framework devDependency "${tested}" is not a version`)
  }
  return `>=${major}.${minor}.0 <${major}.${minor + 1}.0`
}

/**
 * medusa-plugin.json as the code states it today: package.json, the options schema, and the routes,
 * subscribers, jobs, workflows, modules, providers and admin extensions found on disk. Lists are sorted so
 * the same code always gives the same file.
 */
export function buildManifest(root: string): Manifest {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as PackageJson
  return {
    name: pkg.name,
    version: pkg.version,
    description: pkg.description,
    medusa: { supportedVersions: supportedVersions(pkg.devDependencies["@medusajs/framework"] ?? "") },
    providers: manifestProviders(root, pkg.name),
    options: manifestOptions(),
    events: manifestEvents(root),
    emits: manifestEmittedEvents(),
    routes: manifestRoutes(root),
    jobs: manifestJobs(root),
    admin: manifestAdmin(root),
    modules: manifestModules(root, pkg.name),
    middlewares: manifestMiddlewares(root),
    workflows: manifestWorkflows(root),
  }
}
