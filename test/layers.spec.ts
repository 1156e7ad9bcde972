import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"

const root = path.resolve(__dirname, "..")
const config = path.join(root, ".dependency-cruiser.cjs")
const depcruise = path.join(root, "node_modules", ".bin", "depcruise")

/** Lays out a small src/ tree in a temporary folder and runs the project's layer rules over it, as `npm run lint` does. */
function cruise(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "layers-"))
  try {
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true } }))
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), text)
    }
    const run = spawnSync(depcruise, ["src", "--config", config, "--output-type", "err"], {
      cwd: dir,
      encoding: "utf8",
    })
    return { status: run.status, output: `${run.stdout}${run.stderr}` }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const exporting = (name: string) => `export const ${name} = 1\n`

describe("the layer rule (npm run lint)", () => {
  it("accepts imports that point down: api -> workflows -> modules -> domain -> config -> lib", () => {
    const { status, output } = cruise({
      "src/lib/financing/client.ts": exporting("client"),
      "src/config/options.ts": `import { client } from "../lib/financing/client"\nexport const options = client\n`,
      "src/domain/money.ts": `import { options } from "../config/options"\nexport const money = options\n`,
      "src/domain/post-sale/action-kinds.ts": `export type ActionKind = "invoice"\n`,
      "src/admin/lib/format.ts": `import type { ActionKind } from "../../domain/post-sale/action-kinds"\nexport const k: ActionKind = "invoice"\n`,
      "src/modules/retail-financing/service.ts": `import { money } from "../../domain/money"\nexport const ledger = money\n`,
      "src/workflows/send.ts": `import { ledger } from "../modules/retail-financing/service"\nexport const send = ledger\n`,
      "src/api/route.ts": `import { send } from "../workflows/send"\nexport const GET = send\n`,
    })
    expect(output).toContain("no dependency violations")
    expect(status).toBe(0)
  })

  describe("in a tree with one import of each forbidden kind", () => {
    let result: { status: number | null; output: string }
    beforeAll(() => {
      result = cruise({
        "src/workflows/send.ts": exporting("send"),
        "src/modules/retail-financing/service.ts":
          "export type Ledger = { id: string }\nexport const ledger = 1\n",
        "src/domain/plan.ts": `import { send } from "../workflows/send"\nexport const plan = send\n`,
        "src/domain/view.ts": `import type { Ledger } from "../modules/retail-financing/service"\nexport type View = Ledger\n`,
        "src/providers/retail-financing/service.ts": `import { ledger } from "../../modules/retail-financing/service"\nexport const p = ledger\n`,
        "src/domain/post-sale/action-kinds.ts": `export const KINDS = ["invoice"]\n`,
        "src/admin/lib/format.ts": `import { KINDS } from "../../domain/post-sale/action-kinds"\nexport const k = KINDS\n`,
        "src/domain/a.ts": `import { b } from "./b"\nexport const a = () => b\n`,
        "src/domain/b.ts": `import { a } from "./a"\nexport const b = () => a\n`,
        "src/lib/financing/client.ts": `import { MedusaError } from "@medusajs/framework/utils"\nexport const e = MedusaError\n`,
      })
    }, 60_000)

    it("fails", () => expect(result.status).not.toBe(0))

    it("names a backward import, its rule and both files", () => {
      expect(result.output).toContain("layers:domain: src/domain/plan.ts → src/workflows/send.ts")
    })

    it("counts a type-only import as a dependency", () => {
      expect(result.output).toContain(
        "layers:domain: src/domain/view.ts → src/modules/retail-financing/service.ts"
      )
    })

    it("keeps the payment provider away from the ledger module", () => {
      expect(result.output).toContain(
        "layers:providers: src/providers/retail-financing/service.ts → src/modules/retail-financing/service.ts"
      )
    })

    it("lets the admin bundle take only types from src/domain", () => {
      expect(result.output).toContain(
        "layers:admin: src/admin/lib/format.ts → src/domain/post-sale/action-kinds.ts"
      )
    })

    it("fails on a cycle between files of one layer", () => {
      expect(result.output).toMatch(/no-cycles: src\/domain\/[ab]\.ts/)
    })

    it("keeps the client free of Medusa", () => {
      expect(result.output).toContain("layers:lib-framework-free: src/lib/financing/client.ts")
    })
  })
  describe("inside src/workflows (laid out as Medusa's core-flows)", () => {
    const step = (name: string) =>
      `import { createStep } from "@medusajs/framework/workflows-sdk"\nexport const ${name} = createStep("${name}", async () => undefined)\n`

    it("accepts a workflow composing its own steps, another area's steps and the common ones", () => {
      const { status, output } = cruise({
        "src/workflows/common/steps/record.ts": step("record"),
        "src/workflows/post-sale/steps/send.ts": `import { record } from "../../common/steps/record"\nexport const send = record\n`,
        "src/workflows/post-sale/utils/plan.ts": exporting("plan"),
        "src/workflows/post-sale/steps/plan.ts": `import { plan } from "../utils/plan"\nexport const planStep = plan\n`,
        "src/workflows/post-sale/workflows/record.ts": `import { send } from "../steps/send"\nimport { planStep } from "../steps/plan"\nexport const flow = [send, planStep]\n`,
        "src/workflows/merchant/workflows/retry.ts": `import { send } from "../../post-sale/steps/send"\nimport { record } from "../../common/steps/record"\nexport const retry = [send, record]\n`,
      })
      expect(output).toContain("no dependency violations")
      expect(status).toBe(0)
    }, 60_000)

    describe("in a tree with a step importing a workflow and an area importing another's workflow", () => {
      let result: { status: number | null; output: string }
      beforeAll(() => {
        result = cruise({
          "src/workflows/post-sale/workflows/send-one.ts": exporting("sendOne"),
          "src/workflows/post-sale/steps/send-all.ts": `import { sendOne } from "../workflows/send-one"\nexport const sendAll = sendOne\n`,
          "src/workflows/checkout/workflows/sync.ts": `import { sendOne } from "../../post-sale/workflows/send-one"\nexport const sync = sendOne\n`,
          "src/workflows/checkout/steps/repair.ts": `import { sync } from "../workflows/sync"\nexport const repair = sync\n`,
        })
      }, 60_000)

      it("fails", () => expect(result.status).not.toBe(0))

      it("names a step that imports a workflow, even of its own area", () => {
        expect(result.output).toContain(
          "workflows:steps-import-no-workflow: src/workflows/post-sale/steps/send-all.ts → src/workflows/post-sale/workflows/send-one.ts"
        )
        expect(result.output).toContain(
          "workflows:steps-import-no-workflow: src/workflows/checkout/steps/repair.ts → src/workflows/checkout/workflows/sync.ts"
        )
      })

      it("names an area that imports another area's workflow", () => {
        expect(result.output).toContain(
          "workflows:areas: src/workflows/checkout/workflows/sync.ts → src/workflows/post-sale/workflows/send-one.ts"
        )
      })
    })
  })
})
