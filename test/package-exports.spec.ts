import { execFileSync, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import os from "node:os"
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

  it("plays several retailers from a --stores file, each with its own credentials and partners", async () => {
    const bin = path.join(
      root,
      JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).bin["retail-financing-sandbox"]
    )
    const dir = mkdtempSync(path.join(os.tmpdir(), "rf-sandbox-stores-"))
    const partner = {
      code: "NORTH",
      name: "North Lease LLC",
      displayName: "North Lease",
      street: "1 Elm St",
      city: "Dallas",
      state: "TX",
      zipCode: "75201",
      phone: "214-555-0100",
    }
    const stores = [
      { username: "austin", password: "austin-password", storeCode: "AUSTIN" },
      { username: "dallas", password: "dallas-password", storeCode: "DALLAS", partners: [partner] },
    ]
    const file = path.join(dir, "stores.json")
    writeFileSync(file, JSON.stringify(stores))

    const sandbox = spawn(process.execPath, [bin, "--port", "0", "--stores", file], {
      stdio: ["ignore", "pipe", "pipe"],
    })
    try {
      let printed = ""
      await new Promise<void>((resolve, reject) => {
        sandbox.stdout.on("data", (chunk: Buffer) => {
          printed += chunk.toString()
          if (printed.includes("store DALLAS")) resolve()
        })
        sandbox.once("exit", (code) => reject(new Error(`the sandbox exited ${code}: ${printed}`)))
      })
      expect(printed).toContain("store AUSTIN, username austin")
      const url = /listening on (\S+)/.exec(printed)![1]

      // Each account signs in with its own password and sees its own partners.
      const partnersOf = (store: (typeof stores)[number]) =>
        runInPackage(`
          const { FinancingClient } = require("medusa-payment-retail-financing/client")
          new FinancingClient({ baseUrl: ${JSON.stringify(url)}, username: ${JSON.stringify(store.username)}, password: ${JSON.stringify(store.password)} })
            .listFinancingPartners().then((partners) => console.log(JSON.stringify(partners.map((p) => p.code))))
        `)
      expect(JSON.parse(partnersOf(stores[1]))).toEqual(["NORTH"])
      expect(JSON.parse(partnersOf(stores[0])).length).toBeGreaterThan(0)
      expect(() => partnersOf({ ...stores[0], password: "dallas-password" })).toThrow()
    } finally {
      sandbox.kill()
    }

    // One file, unique store codes, no single-store flag beside it: each refused with the rule, exit 1.
    writeFileSync(file, JSON.stringify([stores[0], { ...stores[1], storeCode: "AUSTIN" }]))
    const refused = (...args: string[]) => {
      try {
        execFileSync(process.execPath, [bin, "--port", "0", "--stores", file, ...args], {
          encoding: "utf8",
          stdio: "pipe",
        })
        return "started"
      } catch (error) {
        return String((error as { stderr?: string }).stderr)
      }
    }
    expect(refused()).toContain("store codes must be unique")
    expect(refused("--username", "x")).toContain("leave out --username, --password and --store-code")
    writeFileSync(file, '{"username": "austin", "password": "austin-pass')
    const broken = refused()
    expect(broken).toContain("is not valid JSON")
    expect(broken).not.toContain("austin-pass")
  })
})
