#!/usr/bin/env node
import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { DEFAULT_CREDENTIALS } from "./options"
import { startSandbox } from "./server"

const USAGE = `Usage: retail-financing-sandbox [options]

  --port <n>              port to listen on (default 4010; 0 picks a free one)
  --host <address>        address to listen on (default 127.0.0.1)
  --username <name>       retailer username (default ${DEFAULT_CREDENTIALS.username})
  --password <secret>     retailer password (default ${DEFAULT_CREDENTIALS.password})
  --store-code <code>     store code (default ${DEFAULT_CREDENTIALS.storeCode})
  --stores <file.json>    several retailer accounts instead: a JSON list of
                          { "username", "password", "storeCode", "partners"? }
  --token-ttl <seconds>   token lifetime (default 3600)
  --public-url <url>      base of the hosted-page links, when reached through a proxy
  --state-file <path>     keep applications in this file across restarts
  --latency <ms>          fault: delay every /v2 answer
  --error-rate <0..1>     fault: share of /v2 requests answered 503
  --drop-callbacks <0..1> fault: share of status callbacks never sent
  --help                  show this text`

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const parsed = Number(value)
  if (!Number.isFinite(parsed)) throw new Error(`--${name} must be a number, not "${value}"`)
  return parsed
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      username: { type: "string" },
      password: { type: "string" },
      "store-code": { type: "string" },
      stores: { type: "string" },
      "token-ttl": { type: "string" },
      "public-url": { type: "string" },
      "state-file": { type: "string" },
      latency: { type: "string" },
      "error-rate": { type: "string" },
      "drop-callbacks": { type: "string" },
      help: { type: "boolean" },
    },
  })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const credentials = values.stores
    ? storesFrom(values.stores, values)
    : [
        {
          username: values.username ?? DEFAULT_CREDENTIALS.username,
          password: values.password ?? DEFAULT_CREDENTIALS.password,
          storeCode: values["store-code"] ?? DEFAULT_CREDENTIALS.storeCode,
        },
      ]
  const faults = {
    latencyMs: number("latency", values.latency),
    errorRate: number("error-rate", values["error-rate"]),
    dropCallbackRate: number("drop-callbacks", values["drop-callbacks"]),
  }
  const sandbox = await startSandbox({
    port: number("port", values.port) ?? 4010,
    host: values.host,
    credentials,
    tokenTtlSeconds: number("token-ttl", values["token-ttl"]),
    publicUrl: values["public-url"],
    stateFile: values["state-file"],
    faults: Object.fromEntries(Object.entries(faults).filter(([, value]) => value !== undefined)),
    log: (line) => process.stderr.write(`${line}\n`),
  })
  // The passwords are the sandbox's own, printed so a developer can paste them into medusa-config.
  process.stdout.write(
    `retail-financing sandbox listening on ${sandbox.url}\n` +
      credentials
        .map(
          (store) => `  store ${store.storeCode}, username ${store.username}, password ${store.password}\n`
        )
        .join("")
  )
  const stop = () => {
    void sandbox.close().then(() => process.exit(0))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

/**
 * The retailer accounts of a --stores file, as written: startSandbox checks each (unique store codes, no
 * blank field) and names a wrong one by its place in the list. One store's flags beside it would be
 * ambiguous, so they are refused.
 */
function storesFrom(file: string, values: { username?: string; password?: string; "store-code"?: string }) {
  if (values.username !== undefined || values.password !== undefined || values["store-code"] !== undefined) {
    throw new Error("--stores lists every account: leave out --username, --password and --store-code")
  }
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (error) {
    throw new Error(`--stores ${file}: ${error instanceof Error ? error.message : String(error)}`)
  }
  let stores: unknown
  try {
    stores = JSON.parse(text)
  } catch {
    // JSON.parse's own message quotes the text around the fault: a password, in this file.
    throw new Error(`--stores ${file} is not valid JSON`)
  }
  if (!Array.isArray(stores) || stores.length === 0) {
    throw new Error(`--stores ${file} must hold a JSON list of { "username", "password", "storeCode" }`)
  }
  return stores as { username: string; password: string; storeCode: string }[]
}

main().catch((error: unknown) => {
  process.stderr.write(
    `retail-financing-sandbox: ${error instanceof Error ? error.message : String(error)}\n`
  )
  process.exit(1)
})
