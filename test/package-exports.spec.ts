import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"

const root = path.resolve(__dirname, "..")

/** Runs a CommonJS snippet in a fresh Node process, as a consumer's server would load the package. */
function runInPackage(script: string): string {
  return execFileSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8" }).trim()
}

describe("the built package's exports (run `npm run build` first; `npm test` does)", () => {
  beforeAll(() => {
    if (!existsSync(path.join(root, ".medusa/server/src/lib/financing/index.js"))) {
      throw new Error("no build output in .medusa/server: run `npm run build` before the unit tests")
    }
  })

  it("serves the client, its errors and its schemas at ./client", () => {
    const exported = JSON.parse(
      runInPackage(`
        const lib = require("medusa-payment-retail-financing/client")
        const client = new lib.FinancingClient({ baseUrl: "http://127.0.0.1:1", username: "u", password: "p" })
        console.log(JSON.stringify({
          client: typeof client.createApplication,
          validationError: new lib.FinancingValidationError("x", []) instanceof lib.FinancingError,
          schema: lib.ApplicationInput.safeParse({}).success,
          methods: Object.getOwnPropertyNames(lib.FinancingClient.prototype).filter((name) => name !== "constructor"),
        }))
      `)
    )
    expect(exported.client).toBe("function")
    expect(exported.validationError).toBe(true)
    expect(exported.schema).toBe(false)
    expect(exported.methods).toEqual(
      expect.arrayContaining([
        "getToken",
        "lowestPaymentOption",
        "createApplication",
        "getApplicationStatus",
        "getApplicationStatusByPhone",
        "listApplications",
        "requestReturn",
        "uploadInvoice",
        "addDeliveryInformation",
        "addOrderReferences",
        "listFinancingPartners",
        "listReturnReasons",
      ])
    )
  })

  it("serves the payment provider at ./providers/retail-financing", () => {
    const identifier = runInPackage(`
      const provider = require("medusa-payment-retail-financing/providers/retail-financing")
      const definition = provider.default ?? provider
      console.log(definition.services[0].identifier)
    `)
    expect(identifier).toBe("retail-financing")
  })

  it("serves the sandbox at ./sandbox and as the retail-financing-sandbox bin", () => {
    const answer = runInPackage(`
      const { startSandbox } = require("medusa-payment-retail-financing/sandbox")
      startSandbox({ port: 0 }).then(async (sandbox) => {
        const health = await fetch(sandbox.url + "/sandbox/health").then((response) => response.json())
        await sandbox.close()
        console.log(JSON.stringify(health))
      })
    `)
    expect(JSON.parse(answer)).toEqual({ ok: true })

    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      bin: Record<string, string>
    }
    const bin = manifest.bin["retail-financing-sandbox"]
    const help = execFileSync(process.execPath, [path.join(root, bin), "--help"], { encoding: "utf8" })
    expect(help).toContain("--port <n>")
  })
})
