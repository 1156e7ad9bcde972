import type { EndpointDefinition } from "../../src/lib/financing/endpoint-definition"
import type { SeededData } from "../../src/sandbox/seed"
import type { Manifest } from "./build-manifest"
import { clientMethods } from "./client-methods"
import { cell, type Table } from "./markdown-table"
import { loadModule } from "./source-files"

/** A reference table in a docs page, written by `npm run manifest` between its section's markers. */
export type DocSection = { file: string; name: string; table: Table }

const code = (text: string) => `\`${text}\``

/** A row without its description would say nothing: the generator stops and says where to write it. */
function required(text: string | undefined, what: string): string {
  if (!text) throw new Error(`${what} has no doc comment to describe it in the docs`)
  return cell(text)
}

const ADMIN_API = "/admin/retail-financing/"

function adminRoutes(manifest: Manifest): Table {
  const routes = manifest.routes.filter((route) => route.path.startsWith(ADMIN_API))
  return [
    ["Method and path", "What it does"],
    ...routes.map((route) => [
      cell(code(`${route.method} ${route.path}`)),
      required(route.description, `${route.method} in ${route.file}`),
    ]),
  ]
}

/** One row per action: events handled the same way (one description, once per the same thing) share it. */
function postSaleEvents(manifest: Manifest): Table {
  const rows = new Map<string, string[]>()
  for (const { event, subscriber, description, oncePer } of manifest.events) {
    const action = required(description, `${subscriber} (${event})`)
    if (!oncePer)
      throw new Error(`${subscriber} (${event}) declares no oncePer for the event in its eventDocs`)
    const key = `${action}\n${oncePer}`
    const row = rows.get(key)
    if (row) row[0] = `${row[0]}, ${code(event)}`
    else rows.set(key, [code(event), action, cell(oncePer)])
  }
  return [["Medusa event", "Action (endpoint)", "Once per"], ...rows.values()]
}

function clientMethodTable(root: string): Table {
  const { ENDPOINTS } = loadModule(root, "src/lib/financing/endpoints.ts") as {
    ENDPOINTS: Record<string, EndpointDefinition>
  }
  return [
    ["Method", "Endpoint", "Idempotent", "What it does"],
    ...clientMethods(root).map((method) => {
      const endpoint = ENDPOINTS[method.endpoint]
      if (!endpoint) throw new Error(`FinancingClient.${method.name}: no row ${method.endpoint} in ENDPOINTS`)
      return [
        code(`${method.name}(${method.parameters.join(", ")})`),
        code(endpoint.name),
        endpoint.idempotent ? "yes" : "no",
        required(method.description, `FinancingClient.${method.name}`),
      ]
    }),
  ]
}

function optionTable(manifest: Manifest): Table {
  return [
    ["Option", "Type", "Required", "Default", "Secret", "Meaning"],
    ...Object.entries(manifest.options).map(([name, option]) => [
      code(name),
      cell(
        option.values
          ? option.values.map((value) => code(JSON.stringify(value))).join(" or ")
          : code(option.type)
      ),
      option.required ? "yes" : "no",
      option.default === null ? "—" : cell(code(JSON.stringify(option.default))),
      option.secret ? "**yes**" : "no",
      cell(option.description),
    ]),
  ]
}

/** A longer list would swamp its cell: the table gives its count, and its endpoint lists it. */
const LISTED_AT_MOST = 10

function seededDataTable(root: string): Table {
  const { SEEDED_DATA } = loadModule(root, "src/sandbox/seed.ts") as {
    SEEDED_DATA: Record<string, SeededData>
  }
  return [
    ["Data", "Served at", "Seeded", "Notes"],
    ...Object.values(SEEDED_DATA).map(({ name, servedAt, values, notes }) => [
      cell(name),
      code(servedAt),
      values.length > LISTED_AT_MOST
        ? `${values.length} (too many to list here)`
        : cell(
            `${values.length}: ` +
              values.map(({ code: value, label }) => code(value) + (label ? ` "${label}"` : "")).join(", ")
          ),
      cell(notes),
    ]),
  ]
}

/**
 * Every generated table in docs/: from the manifest, and, for the client's methods and the sandbox's seeded
 * data, from their source.
 */
export function docSections(root: string, manifest: Manifest): DocSection[] {
  return [
    { file: "docs/admin.md", name: "admin-routes", table: adminRoutes(manifest) },
    { file: "docs/after-the-sale.md", name: "post-sale-events", table: postSaleEvents(manifest) },
    { file: "docs/client.md", name: "client-methods", table: clientMethodTable(root) },
    { file: "docs/configuration.md", name: "options", table: optionTable(manifest) },
    { file: "docs/sandbox.md", name: "seeded-data", table: seededDataTable(root) },
  ]
}
