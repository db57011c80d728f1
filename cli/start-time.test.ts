/** How fast `station` answers: the prebuilt bundle (cli/run.mjs) and the TypeScript source through tsx. */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { utimesSync } from "node:fs"
import { buildCli } from "./build"
import { freshBundle } from "./fresh-bundle.mjs"
import { json, removeTempDirs, root, tempDir , migrationNames } from "./station.testkit"

/** Generous for a shared CI machine; on an idle one `--help` from the bundle takes about 0.2 s. */
const HELP_BUDGET_MS = 3_000

const timed = (command: string, args: ReadonlyArray<string>, env: Readonly<Record<string, string>> = {}) =>
  new Promise<{ code: number | null; ms: number; stdout: string; stderr: string }>((done, fail) => {
    const started = performance.now()
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env
    const child = spawn(command, args, { cwd: root, env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d))
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d))
    child.once("error", fail)
    child.once("close", (code) => done({ code, ms: performance.now() - started, stdout, stderr }))
  })

describe("station start time", () => {
  beforeAll(async () => {
    await buildCli()
  }, 120_000)

  it(`answers --help within ${HELP_BUDGET_MS} ms from the bundle (best of two; the tsx source within twice that)`, async () => {
    const best = async (command: string, args: ReadonlyArray<string>) => {
      const runs = [await timed(command, args), await timed(command, args)]
      for (const run of runs) {
        expect(run.code, run.stderr).toBe(0)
        expect(run.stdout).toMatch(/Usage: station/)
      }
      return Math.min(...runs.map((r) => r.ms))
    }
    const bundled = await best(process.execPath, ["cli/run.mjs", "--help"])
    const source = await best(join(root, "node_modules/.bin/tsx"), ["cli/station.ts", "--help"])
    console.info(`station --help: bundle ${Math.round(bundled)} ms, tsx ${Math.round(source)} ms`)
    expect(bundled).toBeLessThan(HELP_BUDGET_MS)
    expect(source).toBeLessThan(2 * HELP_BUDGET_MS)
  }, 60_000)

  it("cli/run.mjs runs the bundle only while it is newer than the sources", async () => {
    const bundle = join(root, "dist/cli/station.js")
    expect(freshBundle(root)).toBe(bundle)
    const longAgo = new Date("2020-01-01T00:00:00Z")
    utimesSync(bundle, longAgo, longAgo)
    try {
      expect(freshBundle(root)).toBeUndefined()
      const fallback = await timed(process.execPath, ["cli/run.mjs", "--help"])
      expect(fallback.code, fallback.stderr).toBe(0)
      expect(fallback.stdout).toMatch(/Usage: station/)
    } finally {
      await buildCli()
    }
    expect(freshBundle(root)).toBe(bundle)
  }, 120_000)

  it("the bundle migrates a fresh data directory (migrations are bundled) and runs a command", async () => {
    const env = { DATA_DIR: tempDir("bundle") }
    const migrated = await timed(process.execPath, ["dist/cli/station.js", "migrate", "--json"], env)
    expect(migrated.code, migrated.stderr).toBe(0)
    expect(json(migrated).applied).toEqual(migrationNames())
    const token = await timed(process.execPath, ["dist/cli/station.js", "token", "demo-staff", "--json"], { ...env, PORT: "4000" })
    expect(token.code, token.stderr).toBe(0)
    expect(json(token).link).toMatch(/^http:\/\/localhost:4000\/warehousing\/[A-Za-z0-9_-]{43}$/)
    removeTempDirs()
  }, 240_000)
})
