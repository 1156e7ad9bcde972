import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

import { Modules } from "@medusajs/framework/utils"

import {
  RetailFinancingOptionsSchema,
  SECRET_OPTIONS,
  parseOptions,
} from "../src/providers/retail-financing/options"
import { RetailFinancingProviderService } from "../src/providers/retail-financing/service"

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
  routes: unknown[]
  jobs: unknown[]
  admin: unknown[]
}

type PackageJson = { name: string; version: string; devDependencies: Record<string, string> }

const root = join(__dirname, "..")
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(root, file), "utf8")) as T

const manifest = readJson<Manifest>("medusa-plugin.json")
const pkg = readJson<PackageJson>("package.json")

const optionNames = Object.keys(RetailFinancingOptionsSchema.shape)
const manifestOptions = Object.entries(manifest.options)

const minimalOptions = {
  baseUrl: "https://financing.example.com",
  username: "u",
  password: "p",
  storeCode: "S",
}

function versionParts(version: string): number[] {
  return version.split(".").map(Number)
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [versionParts(a), versionParts(b)]
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0)
  return 0
}

describe("medusa-plugin.json", () => {
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
  })

  it("has empty lists for what later issues add", () => {
    expect(manifest).toMatchObject({ events: [], routes: [], jobs: [], admin: [] })
  })
})
