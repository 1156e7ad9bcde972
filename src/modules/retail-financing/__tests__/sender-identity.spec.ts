import { spawn } from "node:child_process"
import { once } from "node:events"

import { currentSender, isSenderGone, processStartOf } from "../sender-identity"

describe("sender identity", () => {
  const here = currentSender()

  it("names this process by boot, pid namespace, pid and start time", () => {
    expect(here.pid).toBe(process.pid)
    expect(here.boot).toMatch(/^[0-9a-f-]{36}$/)
    expect(here.pid_ns).toMatch(/^pid:\[\d+\]$/)
    expect(here.started).toMatch(/^\d+$/)
  })

  it("judges a live process alive and the same pid after it exited gone", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"])
    await once(child, "spawn")
    const sender = { ...here, pid: child.pid!, started: processStartOf(child.pid!) }
    expect(isSenderGone(sender, here)).toBe(false)
    child.kill("SIGKILL")
    await once(child, "exit")
    expect(isSenderGone(sender, here)).toBe(true)
  })

  it("judges a reused pid (another start time) gone", () => {
    expect(isSenderGone({ ...here, pid: 4242, started: "1" }, here, () => "2")).toBe(true)
    expect(isSenderGone({ ...here, started: "not-this-one" }, here)).toBe(true)
  })

  it("never judges a process it cannot see: another boot, another pid namespace, or a part unknown", () => {
    const gonePid = { ...here, pid: 4242, started: "1" }
    const missing = () => null
    expect(isSenderGone({ ...gonePid, boot: "another-boot" }, here, missing)).toBe(false)
    expect(isSenderGone({ ...gonePid, pid_ns: "pid:[1]" }, here, missing)).toBe(false)
    expect(isSenderGone({ ...gonePid, started: null }, here, missing)).toBe(false)
    expect(isSenderGone(null, here, missing)).toBe(false)
    expect(isSenderGone(gonePid, { ...here, boot: null }, missing)).toBe(false)
  })

  it("reads the start time after a command name holding spaces and parentheses", () => {
    const stat = "123 (a (b) c) S " + Array.from({ length: 30 }, (_, index) => String(index + 4)).join(" ")
    expect(processStartOf(123, () => stat)).toBe("22")
  })
})
