import { mkdirSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"

/** A count from the environment (BENCH_*), or the default when it is unset. */
export function positiveInteger(name: string, fallback: number): number {
  const text = process.env[name]
  const value = text === undefined || text === "" ? fallback : Number(text)
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`)
  return value
}

/** Nearest-rank percentile: always one of the measured values, never an interpolation. */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]
}

/** A plain-text table: the first column left-aligned, figures right-aligned. */
export function table(titles: string[], lines: string[][]): string {
  const widths = titles.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? "").length))
  )
  return [titles, ...lines]
    .map((line) =>
      line
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column])))
        .join("  ")
    )
    .join("\n")
}

/** Writes bench/results/<name>.json (git-ignored), stamped with when and on what it ran. */
export function writeResults(name: string, figures: Record<string, unknown>): void {
  const results = path.join(__dirname, "..", "results")
  mkdirSync(results, { recursive: true })
  writeFileSync(
    path.join(results, `${name}.json`),
    JSON.stringify(
      { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, ...figures },
      null,
      2
    )
  )
}
