import type { EndpointDefinition } from "../../src/lib/financing/endpoint-definition"
import type { ApplicationStage, ApplicationStatusValue } from "../../src/lib/financing/schemas/statuses"
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

const POST_SALE_SUBSCRIBER = "src/subscribers/financing-post-sale.ts"

/** One row per event the plugin emits: its name, what it means, its payload's fields. */
function emittedEvents(manifest: Manifest): Table {
  return [
    ["Event", "When", "Payload"],
    ...manifest.emits.map(({ event, description, payload }) => [
      code(event),
      cell(description),
      payload.map(code).join(", "),
    ]),
  ]
}

/** One row per action: events handled the same way (one description, once per the same thing) share it. */
function postSaleEvents(manifest: Manifest): Table {
  const rows = new Map<string, string[]>()
  for (const { event, subscriber, description, oncePer } of manifest.events) {
    // The bell's subscriber listens to the plugin's own events, not to a Medusa event that causes an action.
    if (subscriber !== POST_SALE_SUBSCRIBER) continue
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
 * What a payment session in each stage means to the checkout, as docs/checkout.md says it. A Record over the
 * stages, so a new stage fails the typecheck here until it is described; a new status needs nothing here.
 */
const STAGE_OUTCOME: Record<ApplicationStage, string> = {
  open: "the shopper still has something to do at the link",
  waiting: "waiting on the lender",
  signed: "the cart is completed into an order",
  funded: "the payment is captured",
  refused: "the shopper chooses another way to pay",
  expired: "the shopper chooses another way to pay",
  error: "the shopper chooses another way to pay",
  returning: "recorded in the ledger, shown in the order widget",
  returned: "recorded in the ledger, shown in the order widget",
}

/**
 * The status map of docs/checkout.md, from the contract's table of statuses and the domain's map to Medusa's
 * payment session status: statuses in the order of their stages, one row per session status and outcome.
 */
function statusMapTable(root: string): Table {
  const { APPLICATION_STATUSES, APPLICATION_STAGES, applicationStageOf } = loadModule(
    root,
    "src/lib/financing/schemas/statuses.ts"
  ) as {
    APPLICATION_STATUSES: readonly ApplicationStatusValue[]
    APPLICATION_STAGES: readonly ApplicationStage[]
    applicationStageOf: (status: ApplicationStatusValue) => ApplicationStage
  }
  const { toPaymentSessionStatus, isPostSale } = loadModule(root, "src/domain/checkout/status-map.ts") as {
    toPaymentSessionStatus: (status: ApplicationStatusValue) => string
    isPostSale: (status: ApplicationStatusValue) => boolean
  }
  const stageRank = (status: ApplicationStatusValue) => APPLICATION_STAGES.indexOf(applicationStageOf(status))
  const byStage = [...APPLICATION_STATUSES].sort((a, b) => stageRank(a) - stageRank(b))
  const rows = new Map<string, { statuses: ApplicationStatusValue[]; session: string; outcome: string }>()
  for (const status of byStage) {
    const session = isPostSale(status) ? "unchanged" : code(toPaymentSessionStatus(status))
    const outcome = STAGE_OUTCOME[applicationStageOf(status)]
    const row = rows.get(`${session}\n${outcome}`)
    if (row) row.statuses.push(status)
    else rows.set(`${session}\n${outcome}`, { statuses: [status], session, outcome })
  }
  return [
    ["Service status", "Stage", "Medusa payment session", "What happens"],
    ...[...rows.values()].map(({ statuses, session, outcome }) => {
      const stages = statuses.map(applicationStageOf)
      return [
        cell(statuses.join(", ")),
        cell((new Set(stages).size === 1 ? [stages[0]] : stages).map(code).join(", ")),
        session,
        cell(outcome),
      ]
    }),
  ]
}

/**
 * Every generated table in docs/: from the manifest, and, for the client's methods, the status map and the
 * sandbox's seeded data, from their source.
 */
export function docSections(root: string, manifest: Manifest): DocSection[] {
  return [
    { file: "docs/admin.md", name: "admin-routes", table: adminRoutes(manifest) },
    { file: "docs/after-the-sale.md", name: "post-sale-events", table: postSaleEvents(manifest) },
    { file: "docs/checkout.md", name: "status-map", table: statusMapTable(root) },
    { file: "docs/client.md", name: "client-methods", table: clientMethodTable(root) },
    { file: "docs/configuration.md", name: "options", table: optionTable(manifest) },
    { file: "docs/events.md", name: "emitted-events", table: emittedEvents(manifest) },
    { file: "docs/sandbox.md", name: "seeded-data", table: seededDataTable(root) },
  ]
}
