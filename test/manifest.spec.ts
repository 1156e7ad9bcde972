import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"

import { Modules } from "@medusajs/framework/utils"

import { RetailFinancingOptionsSchema, SECRET_OPTIONS, parseOptions } from "../src/config/options"
import { RetailFinancingProviderService } from "../src/providers/retail-financing/service"
import middlewares from "../src/api/middlewares"
import { RETAIL_FINANCING_MODULE } from "../src/modules/retail-financing"
import {
  FINANCING_EVENTS,
  FINANCING_EVENT_DOCS,
  type FinancingEventName,
} from "../src/domain/events/financing-events"
import * as packagedWorkflows from "../src/workflows"
import { manifestAdmin } from "../scripts/manifest/admin"
import { manifestRoutes } from "../scripts/manifest/api"
import { buildManifest } from "../scripts/manifest/build-manifest"
import { CLIENT_FILE, clientMethods } from "../scripts/manifest/client-methods"
import { docSections } from "../scripts/manifest/doc-sections"
import { manifestJobs } from "../scripts/manifest/jobs"
import { markdownTable, tableCells } from "../scripts/manifest/markdown-table"
import { replaceSection, sectionOf } from "../scripts/manifest/marked-section"
import { manifestEvents } from "../scripts/manifest/subscribers"

type ManifestOption = {
  type: string
  required: boolean
  default: unknown
  secret: boolean
  description: string
}

type Manifest = {
  name: string
  version: string
  medusa: { supportedVersions: string }
  providers: { id: string; module: string; medusaId: string; resolve: string }[]
  options: Record<string, ManifestOption>
  events: unknown[]
  emits: { event: string; description: string; payload: string[] }[]
  routes: { method: string; path: string; file: string }[]
  middlewares: { method: string; path: string }[]
  jobs: { name: string; schedule: string; file: string }[]
  workflows: { id: string; file: string }[]
  modules: { key: string; resolve: string }[]
  admin: unknown[]
}

type PackageJson = { name: string; version: string; devDependencies: Record<string, string> }

const root = join(__dirname, "..")
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(root, file), "utf8")) as T

const manifest = readJson<Manifest>("medusa-plugin.json")
/** What `npm run manifest` would write today. */
const fromCode = buildManifest(root)
const pkg = readJson<PackageJson>("package.json")

const optionNames = Object.keys(RetailFinancingOptionsSchema.shape)
const manifestOptions = Object.entries(manifest.options)

const minimalOptions = {
  baseUrl: "https://financing.example.com",
  username: "u",
  password: "p",
  storeCode: "S",
  backendUrl: "https://api.shop.example.com",
  callbackSecret: "a-callback-secret-of-at-least-32-chars",
}

function versionParts(version: string): number[] {
  return version.split(".").map(Number)
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)]
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0)
  return 0
}

/** What createWorkflow returns: a function that knows its workflow's id. */
function isWorkflow(value: unknown): value is { getName: () => string } {
  return typeof value === "function" && typeof (value as { getName?: unknown }).getName === "function"
}

describe("medusa-plugin.json", () => {
  it("is what `npm run manifest` generates from the code", () => {
    const generated = JSON.parse(JSON.stringify(fromCode)) as unknown
    try {
      expect(manifest).toStrictEqual(generated)
    } catch (error) {
      throw new Error(
        "medusa-plugin.json is stale: run `npm run manifest` and commit the result.\n" +
          "(Expected: what the code generates; Received: the committed file.)\n\n" +
          (error instanceof Error ? error.message : String(error))
      )
    }
  })

  it("names the package as published", () => {
    expect(manifest.name).toBe(pkg.name)
    expect(manifest.version).toBe(pkg.version)
  })

  it("supports the Medusa version the plugin is built and tested against", () => {
    const range = /^>=(\d+\.\d+\.\d+) <(\d+\.\d+\.\d+)$/.exec(manifest.medusa.supportedVersions)
    expect(range).not.toBeNull()
    const [, lowest, below] = range as RegExpExecArray
    const tested = pkg.devDependencies["@medusajs/framework"] ?? ""

    expect(compareVersions(tested, lowest ?? "")).toBeGreaterThanOrEqual(0)
    expect(compareVersions(tested, below ?? "")).toBeLessThan(0)
  })

  describe("providers", () => {
    const [provider, ...others] = manifest.providers

    it("declares the one payment provider the code registers", () => {
      expect(others).toEqual([])
      expect(provider?.module).toBe(Modules.PAYMENT)
      expect(provider?.id).toBe(RetailFinancingProviderService.identifier)
    })

    it("gives the id Medusa derives: pp_<identifier>_<configured id>", () => {
      expect(provider?.medusaId).toBe(`pp_${RetailFinancingProviderService.identifier}_${provider?.id ?? ""}`)
    })

    it("resolves through the package's ./providers/* export to a provider in src", () => {
      const name = provider?.resolve.replace(`${pkg.name}/providers/`, "") ?? ""

      expect(provider?.resolve).toBe(`${pkg.name}/providers/${name}`)
      expect(existsSync(join(root, "src/providers", name, "index.ts"))).toBe(true)
    })
  })

  describe("options", () => {
    it("lists exactly the options the schema accepts", () => {
      expect(Object.keys(manifest.options).sort()).toEqual([...optionNames].sort())
    })

    it("marks as secret exactly the options the code treats as secret", () => {
      const secret = manifestOptions.filter(([, option]) => option.secret).map(([name]) => name)

      expect(secret.sort()).toEqual([...SECRET_OPTIONS].sort())
    })

    it.each(manifestOptions)("describes %s", (_name, option) => {
      expect(option.description.length).toBeGreaterThan(10)
      expect(typeof option.type).toBe("string")
    })

    it.each(manifestOptions)("states whether %s is required as the schema does", (name, option) => {
      const field =
        RetailFinancingOptionsSchema.shape[name as keyof typeof RetailFinancingOptionsSchema.shape]

      expect(field.safeParse(undefined).success).toBe(!option.required)
    })

    it.each(manifestOptions)("gives the schema's default for %s", (name, option) => {
      const parsed = parseOptions(minimalOptions) as Record<string, unknown>
      const fallback = option.required ? minimalOptions[name as keyof typeof minimalOptions] : undefined

      expect(parsed[name]).toEqual(option.default ?? fallback)
    })

    // A range written in a description is prose beside the schema's own bounds: this keeps the two equal.
    const UNITS: Record<string, number> = { KiB: 1024, MiB: 1024 * 1024 }
    const statedRanges = manifestOptions.flatMap(([name, option]) => {
      const match = /(\d+)\s*(KiB|MiB)? to (\d+)\s*(KiB|MiB)?/.exec(option.description)
      if (!match) return []
      const [, min, minUnit, max, maxUnit] = match
      return [
        [name, Number(min) * (UNITS[minUnit ?? ""] ?? 1), Number(max) * (UNITS[maxUnit ?? ""] ?? 1)] as const,
      ]
    })

    it("finds the ranges the descriptions state", () => {
      expect(statedRanges.map(([name]) => name)).toContain("timeoutMs")
    })

    it.each(statedRanges)(
      "accepts for %s exactly the range its description states, %d to %d",
      (name, min, max) => {
        const field =
          RetailFinancingOptionsSchema.shape[name as keyof typeof RetailFinancingOptionsSchema.shape]

        expect(field.safeParse(min).success).toBe(true)
        expect(field.safeParse(max).success).toBe(true)
        expect(field.safeParse(max + 1).success).toBe(false)
        if (min > 0) expect(field.safeParse(min - 1).success).toBe(false)
      }
    )
  })

  describe("extensions", () => {
    /** Every route file under src/api, as the Medusa path it serves ([param] → :param). */
    function routeFiles(dir = join(root, "src/api")): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = join(dir, entry.name)
        if (entry.isDirectory()) return entry.name === "__tests__" ? [] : routeFiles(full)
        return entry.name === "route.ts" ? [relative(root, full)] : []
      })
    }

    it("lists every API route file, and only those", () => {
      expect(manifest.routes.map((route) => route.file).sort()).toEqual(routeFiles().sort())
      for (const route of manifest.routes) {
        const fromFile = `/${route.file
          .replace(/^src\/api\//, "")
          .replace(/\/route\.ts$/, "")
          .replace(/\[(\w+)\]/g, ":$1")}`
        expect(route.path).toBe(fromFile)
      }
    })

    it("lists every scheduled job with the name and schedule its file exports", async () => {
      const files = readdirSync(join(root, "src/jobs")).filter((file) => file.endsWith(".ts"))
      expect(manifest.jobs.map((job) => job.file).sort()).toEqual(
        files.map((file) => `src/jobs/${file}`).sort()
      )
      for (const job of manifest.jobs) {
        const { config } = (await import(join(root, job.file))) as {
          config: { name: string; schedule: string }
        }
        expect(config).toEqual({ name: job.name, schedule: job.schedule })
      }
    })

    it("names the workflows and the module the code defines", async () => {
      const exported = Object.values(packagedWorkflows as Record<string, unknown>)
        .filter(isWorkflow)
        .map((workflow) => workflow.getName())
      expect(exported.length).toBeGreaterThan(0)
      expect(manifest.workflows.map((workflow) => workflow.id)).toEqual(expect.arrayContaining(exported))
      for (const workflow of manifest.workflows) {
        const declared = Object.values((await import(join(root, workflow.file))) as Record<string, unknown>)
        expect(declared.filter(isWorkflow).map((candidate) => candidate.getName())).toContain(workflow.id)
      }
      expect(manifest.modules.map((module) => module.key)).toEqual([RETAIL_FINANCING_MODULE])
      for (const module of manifest.modules) {
        expect(existsSync(join(root, "src/modules", module.resolve.split("/modules/")[1], "index.ts"))).toBe(
          true
        )
      }
    })

    it("lists the middleware the code registers", () => {
      const registered = (
        middlewares as { routes: { matcher: string; methods?: string[]; method?: string }[] }
      ).routes.map((route) => ({
        method: (route.methods ?? [route.method])[0],
        path: route.matcher,
      }))
      expect(manifest.middlewares.map(({ method, path }) => ({ method, path }))).toEqual(registered)
    })

    it("lists every subscriber with the events its file subscribes to", async () => {
      const files = readdirSync(join(root, "src/subscribers")).filter((file) => file.endsWith(".ts"))
      const listed = (manifest.events as { event: string; subscriber: string }[]).map(
        ({ event, subscriber }) => `${subscriber} ${event}`
      )
      const declared: string[] = []
      for (const file of files) {
        const { config } = (await import(join(root, "src/subscribers", file))) as {
          config: { event: string | string[] }
        }
        for (const event of [config.event].flat()) declared.push(`src/subscribers/${file} ${event}`)
      }
      expect(listed.sort()).toEqual(declared.sort())
    })

    it("lists every event the plugin emits, with its payload's fields, and only those", () => {
      expect(manifest.emits.map(({ event }) => event).sort()).toEqual(Object.values(FINANCING_EVENTS).sort())
      for (const { event, description, payload } of manifest.emits) {
        expect(description).toBe(FINANCING_EVENT_DOCS[event as FinancingEventName].description)
        expect(payload).toEqual(FINANCING_EVENT_DOCS[event as FinancingEventName].payload)
      }
    })

    it("lists the admin widgets and pages that exist, and only those", () => {
      const files = (dir: string, name: RegExp): string[] =>
        readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
          .filter((file) => name.test(file.split("/").pop() ?? ""))
          .map((file) => `${dir}/${file}`)
      const extensions = manifest.admin as { kind: string; file: string }[]
      for (const extension of extensions) {
        expect(existsSync(join(root, extension.file))).toBe(true)
      }
      expect(extensions.filter(({ kind }) => kind === "widget").map(({ file }) => file)).toEqual(
        files("src/admin/widgets", /\.tsx?$/).sort()
      )
      expect(extensions.filter(({ kind }) => kind === "route").map(({ file }) => file)).toEqual(
        files("src/admin/routes", /^page\.tsx?$/).sort()
      )
    })
  })

  describe("the tables generated in docs/", () => {
    const sections = docSections(root, fromCode).map(
      (section) => [section.file, section.name, section] as const
    )

    // Compared cell by cell, so prettier's padding of the columns does not matter, and any word does.
    it.each(sections)("%s, section %s, is what `npm run manifest` writes", (file, name, { table }) => {
      const written = tableCells(sectionOf(readFileSync(join(root, file), "utf8"), name, file))
      try {
        expect(written).toEqual(table)
      } catch (error) {
        throw new Error(
          `${file}, section "${name}", is stale: run \`npm run manifest\` and commit the result. Its text ` +
            "comes from the code (doc comments, option descriptions, the sandbox's SEEDED_DATA): change it there, " +
            "not in the page.\n\n" +
            (error instanceof Error ? error.message : String(error))
        )
      }
    })

    it("replaces only what lies between a section's markers", () => {
      const page = [
        "Before.",
        "<!-- generated by npm run manifest: things -->",
        "| old |",
        "<!-- end generated: things -->",
        "After.",
      ].join("\n")
      const table = [
        ["Name", "Type"],
        ["`a`", "`number \\| string`"],
      ]

      const replaced = replaceSection(page, "things", markdownTable(table), "page.md")

      expect(replaced.startsWith("Before.\n<!-- generated by npm run manifest: things -->\n\n| Name |")).toBe(
        true
      )
      expect(replaced.endsWith("\n\n<!-- end generated: things -->\nAfter.")).toBe(true)
      expect(tableCells(sectionOf(replaced, "things", "page.md"))).toEqual(table)
    })

    it("refuses a page whose section markers are missing or repeated", () => {
      const start = "<!-- generated by npm run manifest: things -->"
      const end = "<!-- end generated: things -->"

      expect(() => replaceSection("no markers", "things", "x", "page.md")).toThrow(/page\.md: no/)
      expect(() => replaceSection(`${start}${end}${start}${end}`, "things", "x", "page.md")).toThrow(
        /once each/
      )
      expect(() => replaceSection(`${end}${start}`, "things", "x", "page.md")).toThrow(/start before end/)
    })
  })

  describe("generator", () => {
    let scratch: string
    const write = (file: string, text: string) => {
      mkdirSync(dirname(join(scratch, file)), { recursive: true })
      writeFileSync(join(scratch, file), text)
    }

    beforeEach(() => {
      scratch = mkdtempSync(join(tmpdir(), "manifest-"))
    })
    afterEach(() => rmSync(scratch, { recursive: true, force: true }))

    // Other branches add and move these files: the manifest must follow the disk, not a list.
    it("finds subscribers, jobs, routes and admin extensions by their files, with their doc comments", () => {
      write(
        "src/subscribers/new-event.ts",
        `/** Does something new. */\nexport default async function handler() {}\nexport const config = { event: ["b.happened", "a.happened"] }\n`
      )
      write(
        "src/jobs/nightly.ts",
        `export default async function nightly() {}\nexport const config = { name: "nightly", schedule: "0 3 * * *" }\n`
      )
      write(
        "src/api/store/things/[id]/route.ts",
        `/** One thing. */\nexport async function GET() {}\nexport async function DELETE() {}\n`
      )
      write(
        "src/admin/widgets/thing.tsx",
        `export const config = defineWidgetConfig({ zone: ["order.details.side.after"] })\n`
      )
      write(
        "src/admin/routes/things/[id]/page.tsx",
        `export const config = defineRouteConfig({ label: "Things" })\n`
      )

      expect(manifestEvents(scratch)).toEqual([
        {
          event: "a.happened",
          subscriber: "src/subscribers/new-event.ts",
          description: "Does something new.",
        },
        {
          event: "b.happened",
          subscriber: "src/subscribers/new-event.ts",
          description: "Does something new.",
        },
      ])
      expect(manifestJobs(scratch)).toEqual([
        { name: "nightly", schedule: "0 3 * * *", file: "src/jobs/nightly.ts" },
      ])
      expect(manifestRoutes(scratch)).toEqual([
        { method: "DELETE", path: "/store/things/:id", file: "src/api/store/things/[id]/route.ts" },
        {
          method: "GET",
          path: "/store/things/:id",
          file: "src/api/store/things/[id]/route.ts",
          description: "One thing.",
        },
      ])
      expect(manifestAdmin(scratch)).toEqual([
        {
          kind: "route",
          path: "/things/:id",
          label: "Things",
          file: "src/admin/routes/things/[id]/page.tsx",
        },
        { kind: "widget", zone: ["order.details.side.after"], file: "src/admin/widgets/thing.tsx" },
      ])
    })

    // The post-sale subscriber listens to every cause's events and takes each event's text from its cause.
    it("describes a subscriber's events by its eventDocs, else by its handler's doc comment", () => {
      write(
        "src/subscribers/many.ts",
        `/** Handles them all. */\nexport default async function handler() {}\n` +
          `export const config = { event: ["a.happened", "b.happened"] }\n` +
          `export const eventDocs = { "a.happened": { description: "What A means.", oncePer: "thing" } }\n`
      )

      expect(manifestEvents(scratch)).toEqual([
        {
          event: "a.happened",
          subscriber: "src/subscribers/many.ts",
          description: "What A means.",
          oncePer: "thing",
        },
        { event: "b.happened", subscriber: "src/subscribers/many.ts", description: "Handles them all." },
      ])
    })

    it("gives each public client method the endpoint its body names, or its @endpoint tag names", () => {
      const client = (methods: string) =>
        write(CLIENT_FILE, `export class FinancingClient {\n${methods}\n  private helper() {}\n}\n`)
      client(
        [
          "  /** Reads. */\n  async read(id: string) { return ENDPOINTS.status }",
          "  /**\n   * Cached.\n   * @endpoint token\n   */\n  async cached() { return this.cache.get() }",
        ].join("\n")
      )

      expect(clientMethods(scratch)).toEqual([
        { name: "read", parameters: ["id"], endpoint: "status", description: "Reads." },
        { name: "cached", parameters: [], endpoint: "token", description: "Cached." },
      ])

      client("  async unknown() { return this.cache.get() }")
      expect(() => clientMethods(scratch)).toThrow(/unknown names no ENDPOINTS row.*@endpoint/)
    })
  })
})
