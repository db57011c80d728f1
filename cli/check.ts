/** `station check`: the database invariants, then the property spec suites (`vitest run specs`) as a child process. */
import { spawn } from "node:child_process"
import { checkInvariants, type InvariantResult } from "#adapters/ops/invariants"
import { describeDatabase } from "#adapters/postgres/database"
import { withDatabase } from "./database"
import { projectRoot } from "./root"
import { ExitCode, printJson, printText, type Options } from "./outcome"
import { whileRunning } from "./progress"
import { table } from "./table"

export interface CheckOptions extends Options {
  readonly specs?: boolean
  /** Only the spec files whose path contains this (e.g. `phone`). */
  readonly spec?: string
}

/** Colour, cursor and erase sequences (CSI) and OSC strings, for output that goes to a pipe or a file. */
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\))/g

/** Copies a child's stream to ours, without escape codes unless ours is a terminal. */
const relay = (from: NodeJS.ReadableStream, to: NodeJS.WriteStream & { isTTY?: boolean }) => {
  from.setEncoding("utf8")
  from.on("data", (text: string) => to.write(to.isTTY ? text : text.replace(ANSI, "")))
}

/**
 * Runs the spec suites, streaming their output (to stderr under --json, so stdout stays JSON). Colour only
 * reaches a terminal: to a pipe or a file the runner is asked for none (NO_COLOR, no FORCE_COLOR inherited
 * from a parent test runner) and any escape code it writes anyway is taken out.
 */
const runSpecs = (json: boolean, filter: string | undefined) =>
  new Promise<number>((done) => {
    const out = json ? process.stderr : process.stdout
    const { FORCE_COLOR: _force, NO_COLOR: _none, ...env } = process.env
    const colour = out.isTTY === true && process.stderr.isTTY === true
    const child = spawn("npx", ["vitest", "run", filter ? `specs/${filter}` : "specs"], {
      cwd: projectRoot, stdio: ["ignore", "pipe", "pipe"], env: colour ? process.env : { ...env, NO_COLOR: "1" }
    })
    relay(child.stdout, out)
    relay(child.stderr, process.stderr)
    child.once("error", (e) => {
      process.stderr.write(`station: cannot run the spec suites: ${e.message}\n`)
      done(127)
    })
    child.once("close", (code, signal) => done(code ?? (signal ? 128 : 1)))
  })

const describeInvariants = (database: string, results: ReadonlyArray<InvariantResult>) => [
  `Invariants of ${database}:`,
  table(results, [
    { header: "", value: (r) => (r.ok ? "ok" : "FAIL") },
    { header: "invariant", value: (r) => r.name },
    { header: "violations", value: (r) => r.violations }
  ]),
  ...results.filter((r) => !r.ok).flatMap((r) => [`\n${r.name}: first ${r.examples.length} of ${r.violations}`, ...r.examples.map((e) => `  ${JSON.stringify(e)}`)])
].join("\n")

export const check = async (options: CheckOptions) => {
  const { database, results } = await withDatabase(async (db) => ({ database: describeDatabase(db), results: await whileRunning("checking the database invariants", () => checkInvariants(db.db)) }))
  const invariantsOk = results.every((r) => r.ok)
  if (!options.json) printText(`${describeInvariants(database, results)}\n`)
  let specs: { ran: boolean; passed?: boolean; exitCode?: number } = { ran: false }
  if (options.specs !== false) {
    if (!options.json) printText(`Property spec suites (npx vitest run specs${options.spec ? `/${options.spec}` : ""}):`)
    const exitCode = await runSpecs(options.json === true, options.spec)
    specs = { ran: true, passed: exitCode === 0, exitCode }
  }
  const ok = invariantsOk && specs.passed !== false
  if (options.json) printJson({ database, ok, invariants: results, specs })
  else printText(ok ? "All checks passed." : `Checks FAILED:${invariantsOk ? "" : " invariants"}${specs.passed === false ? " specs" : ""}`)
  return ok ? ExitCode.ok : ExitCode.refused
}
