/*
 * Where the concurrent checkout bench's CPU goes, by provider: reads a V8 CPU profile of a bench run and the
 * run's bench/results/checkout-concurrent.json, keeps the samples taken during each timed round, and sums
 * their self time by what ran (the plugin's own code by folder, each package, Node itself, the garbage
 * collector), per checkout of each provider.
 *
 *   node --experimental-vm-modules --cpu-prof --cpu-prof-dir=bench/results/profile node_modules/.bin/jest \
 *     --config bench/jest.config.js --runInBand --forceExit bench/checkout-concurrent.bench.ts
 *   npx ts-node --transpile-only bench/cpu-profile-by-round.ts bench/results/profile/<file>.cpuprofile
 *
 * (Node refuses --cpu-prof in NODE_OPTIONS.) Samples are matched to rounds by time: the profile and the
 * bench both use the monotonic clock. A sample's time is the wall time to the next one on the main thread,
 * so on a machine loaded from elsewhere a descheduled thread's wait counts too: compare what each part's
 * share is, and take CPU totals from the bench's own figures (process.cpuUsage).
 */
import { readFileSync } from "node:fs"
import path from "node:path"

import { table } from "./support/figures"

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string }
}

interface Profile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

interface Round {
  provider: "system" | "financing"
  round: number
  clock: [number, number]
  checkouts: unknown[]
}

const repository = path.resolve(__dirname, "..")

/** What a frame belongs to: a folder of the plugin, a package, Node, or V8's own entries. */
function categoryOf({ functionName, url }: ProfileNode["callFrame"]): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)"
  const file = url.replace(/^file:\/\//, "")
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)
  if (modules) return modules[1]
  if (file.startsWith("node:")) return "node"
  const local = path.relative(repository, file)
  if (!local.startsWith("..") && local.startsWith("src/")) {
    return `plugin ${local
      .split("/")
      .slice(0, local.startsWith("src/workflows/") ? 3 : 2)
      .join("/")}`
  }
  if (!local.startsWith("..")) return `repo ${local.split("/")[0]}`
  return "other"
}

function main(): void {
  const [profileFile, resultsFile = path.join(__dirname, "results", "checkout-concurrent.json")] =
    process.argv.slice(2)
  if (!profileFile) throw new Error("usage: cpu-profile-by-round.ts <file.cpuprofile> [results.json]")
  const profile = JSON.parse(readFileSync(profileFile, "utf8")) as Profile
  const results = JSON.parse(readFileSync(resultsFile, "utf8")) as { rounds: Round[] }

  const category = new Map(profile.nodes.map((node) => [node.id, categoryOf(node.callFrame)]))
  const providers = ["system", "financing"] as const
  const checkouts = Object.fromEntries(
    providers.map((provider) => [
      provider,
      results.rounds.filter((r) => r.provider === provider).reduce((n, r) => n + r.checkouts.length, 0),
    ])
  ) as Record<(typeof providers)[number], number>

  // Self time (µs) by category and provider; a sample's time is the delta to the next sample.
  const totals = new Map<string, Record<(typeof providers)[number], number>>()
  let at = profile.startTime
  let outside = 0
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0
    const delta = profile.timeDeltas[i + 1] ?? 0
    const round = results.rounds.find((r) => at >= r.clock[0] && at < r.clock[1])
    if (!round) {
      outside += delta
      continue
    }
    const name = category.get(profile.samples[i]) ?? "other"
    const entry = totals.get(name) ?? { system: 0, financing: 0 }
    entry[round.provider] += delta
    totals.set(name, entry)
  }
  if (totals.size === 0) throw new Error("no sample fell in a round: is this the run's profile?")

  const perCheckout = (us: number, provider: (typeof providers)[number]) => us / 1000 / checkouts[provider]
  const rows = [...totals]
    .filter(([name]) => name !== "(idle)")
    .map(([name, us]) => ({
      name,
      system: perCheckout(us.system, "system"),
      financing: perCheckout(us.financing, "financing"),
    }))
    .sort((a, b) => b.financing - b.system - (a.financing - a.system))
  const sum = (key: "system" | "financing") => rows.reduce((n, row) => n + row[key], 0)
  const idle = totals.get("(idle)") ?? { system: 0, financing: 0 }
  const lines = rows
    .filter((row) => Math.max(row.system, row.financing) >= 1)
    .map((row) => [
      row.name,
      row.system.toFixed(0),
      row.financing.toFixed(0),
      (row.financing - row.system).toFixed(0),
    ])
  const plugin = rows.filter((row) => row.name.startsWith("plugin ") && row.name !== "plugin src/sandbox")
  const pluginSum = (key: "system" | "financing") => plugin.reduce((n, row) => n + row[key], 0)
  lines.push([
    "the plugin's own code (src/ but the sandbox)",
    pluginSum("system").toFixed(1),
    pluginSum("financing").toFixed(1),
    (pluginSum("financing") - pluginSum("system")).toFixed(1),
  ])
  lines.push([
    "all but idle",
    sum("system").toFixed(0),
    sum("financing").toFixed(0),
    (sum("financing") - sum("system")).toFixed(0),
  ])
  lines.push([
    "(idle)",
    perCheckout(idle.system, "system").toFixed(0),
    perCheckout(idle.financing, "financing").toFixed(0),
    "",
  ])
  process.stdout.write(
    `CPU ms per checkout by what ran (self time; ${checkouts.system} system and ${checkouts.financing} ` +
      `financing checkouts; ${(outside / 1e6).toFixed(1)} s of samples outside the timed rounds left out), ` +
      "sorted by the financing checkout's extra:\n" +
      table(["category", "system", "financing", "extra"], lines) +
      "\n"
  )
}

main()
