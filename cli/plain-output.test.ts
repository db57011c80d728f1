/** Output that goes to a pipe or a file is plain text: no ANSI escape codes, no carriage-return redraws. */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { isInteractive, progressBar } from "./progress"
import { removeTempDirs, station, tempDir } from "./station.testkit"

const ESC = "\u001b"

afterAll(removeTempDirs)

describe("progress bar", () => {
  it("draws only on a terminal that is not dumb, and without escape codes", () => {
    expect(isInteractive({ isTTY: false }, {})).toBe(false)
    expect(isInteractive({}, {})).toBe(false)
    expect(isInteractive({ isTTY: true }, { TERM: "dumb" })).toBe(false)
    expect(isInteractive({ isTTY: true }, { TERM: "xterm-256color" })).toBe(true)

    const written: string[] = []
    const bar = progressBar(10, true, (text) => written.push(text))
    bar.update(5, "line 5 西园")
    bar.update(10, "done")
    bar.finish()
    expect(written.join("")).not.toContain(ESC)
    expect(written[0]).toBe("\r[###############...............]  50% line 5 西园")
    expect(written[1]).toMatch(/^\r\[#{30}\] 100% done {5}$/)
    expect(written[2]).toBe(`\r${" ".repeat("[##############################] 100% done".length)}\r`)

    const silent: string[] = []
    const off = progressBar(10, false, (text) => silent.push(text))
    off.update(10)
    off.finish()
    expect(silent).toEqual([])
  })
})

describe("station output through a pipe", () => {
  it("carries no escape codes in tables, JSON, help, errors or a long replay, even with FORCE_COLOR", async () => {
    const env = { DATA_DIR: tempDir("plain"), FORCE_COLOR: "1" }
    const longFile = join(env.DATA_DIR, "long.jsonl")
    writeFileSync(longFile, `${"not json\n".repeat(10_000)}`)
    const plain = (args: ReadonlyArray<string>, run: { code: number | null; stdout: string; stderr: string }) => {
      expect({ args, code: run.code }).toEqual({ args, code: expect.any(Number) })
      for (const out of [run.stdout, run.stderr]) {
        expect({ args, escape: out.includes(ESC), carriageReturn: out.includes("\r") }).toEqual({ args, escape: false, carriageReturn: false })
      }
    }
    // Help and usage errors do not open the database: they run side by side.
    const usage = [["--help"], ["withdrawals", "--help"], ["bogus"], ["stats", "--date", "2026-02-30"]]
    const runs = await Promise.all(usage.map((args) => station(args, env)))
    usage.forEach((args, i) => plain(args, runs[i]!))
    for (const args of [["stats"], ["stats", "--json"], ["withdrawals", "list"], ["verify", "list"], ["token", "demo-student"], ["ops", "export"], ["withdrawals", "approve", "nope"], ["replay", longFile, "--keep-going"]]) {
      const run = await station(args, env)
      plain(args, run)
      if (args[0] === "stats" && args.length === 1) expect(run.stdout).toMatch(/站点\s+入库/)
      if (args[0] === "replay") expect(run.stdout).toMatch(/10000/)
    }
  }, 400_000)
})
