import { readFileSync, readlinkSync } from "node:fs"

/**
 * Which process holds a claimed action, recorded with the claim, so that a sender killed mid-send is noticed
 * before its lease runs out. A process is named by what no other process can share with it: the kernel's
 * boot id, its pid namespace, its pid there and the time it started (a pid reused later has another start
 * time). On a system without /proc these are null and nothing is ever judged gone: the lease decides.
 */
export interface SenderIdentity {
  boot: string | null
  pid_ns: string | null
  pid: number
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat, field 22). */
  started: string | null
}

const readOrNull = (read: () => string): string | null => {
  try {
    return read().trim()
  } catch {
    return null
  }
}

/** Field 22 of /proc/<pid>/stat; the command name before it is in parentheses and may hold spaces. */
export function processStartOf(
  pid: number | "self",
  readStat = (path: string) => readFileSync(path, "utf8")
) {
  return readOrNull(() => {
    const stat = readStat(`/proc/${pid}/stat`)
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    // Field 3 (state) is fields[0], so field 22 (starttime) is fields[19].
    const started = fields[19]
    if (!started) throw new Error("no start time")
    return started
  })
}

let current: SenderIdentity | undefined

/** This process's identity (read once: none of it changes while the process lives). */
export function currentSender(): SenderIdentity {
  current ??= {
    boot: readOrNull(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8")),
    pid_ns: readOrNull(() => readlinkSync("/proc/self/ns/pid")),
    pid: process.pid,
    started: processStartOf("self"),
  }
  return current
}

/**
 * Whether the process that recorded `sender` is known to be gone. Only a process this one can see is ever
 * judged: the same kernel boot and the same pid namespace (another container, another machine, or a
 * server beside a worker in another namespace could reuse a pid this process cannot see). There, it is gone
 * when no process has its pid, or the one that has it started at another time. A different process that is
 * alive (a worker beside the server) is never gone; neither is an identity with a part unknown.
 */
export function isSenderGone(
  sender: Partial<SenderIdentity> | null | undefined,
  here: SenderIdentity = currentSender(),
  startOf: (pid: number) => string | null = processStartOf
): boolean {
  if (!sender || !sender.boot || !sender.pid_ns || !sender.started || typeof sender.pid !== "number")
    return false
  if (!here.boot || !here.pid_ns) return false
  if (sender.boot !== here.boot || sender.pid_ns !== here.pid_ns) return false
  if (sender.pid === here.pid) return sender.started !== here.started
  const started = startOf(sender.pid)
  return started !== sender.started
}
