import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"

import { Modules } from "@medusajs/framework/utils"

import { withoutUndefined } from "../../src/domain/without-undefined"
import { docOf, loadModule, parseSource } from "./source-files"

export type ManifestProvider = { id: string; module: string; medusaId?: string; resolve: string }
export type ManifestModule = { key: string; resolve: string; description?: string }

/** Folders of `dir` with an index.ts: each is one module or provider the package exports by folder name. */
function packagedFolders(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return []
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, dir, entry.name, "index.ts")))
    .map((entry) => entry.name)
    .sort()
}

/**
 * Each provider class of each ModuleProvider(...) under src/providers, with the id a store gets when it
 * registers the provider under the class's identifier (the README's registration).
 */
export function manifestProviders(root: string, packageName: string): ManifestProvider[] {
  const providers: ManifestProvider[] = []
  for (const folder of packagedFolders(root, "src/providers")) {
    const { default: definition } = loadModule(root, `src/providers/${folder}/index.ts`) as {
      default: { module: string; services: { identifier: string }[] }
    }
    for (const { identifier } of definition.services) {
      providers.push(
        withoutUndefined({
          id: identifier,
          module: definition.module,
          // Medusa prefixes payment providers' ids: pp_<identifier>_<id from medusa-config>.
          medusaId: definition.module === Modules.PAYMENT ? `pp_${identifier}_${identifier}` : undefined,
          resolve: `${packageName}/providers/${folder}`,
        }) as ManifestProvider
      )
    }
  }
  return providers
}

/** Each Module(...) under src/modules by the key Medusa registers it under, described by its service's doc. */
export function manifestModules(root: string, packageName: string): ManifestModule[] {
  const modules: ManifestModule[] = []
  for (const folder of packagedFolders(root, "src/modules")) {
    const { default: definition } = loadModule(root, `src/modules/${folder}/index.ts`) as {
      default: { service: { name: string }; linkable?: Record<string, { toJSON(): { serviceName: string } }> }
    }
    const [linkable] = Object.values(definition.linkable ?? {})
    if (!linkable) throw new Error(`src/modules/${folder}: a module without models has no key to read`)
    const serviceFile = `src/modules/${folder}/service.ts`
    modules.push(
      withoutUndefined({
        key: linkable.toJSON().serviceName,
        resolve: `${packageName}/modules/${folder}`,
        description: existsSync(join(root, serviceFile))
          ? docOf(parseSource(root, serviceFile), definition.service.name)
          : undefined,
      }) as ManifestModule
    )
  }
  return modules
}
