/** `station check`: the database invariants, then the property spec suites (`vitest run specs`) as a child process. */
import { spawn } from "node:child_process"
import { checkInvariants, type InvariantResult } from "#adapters/ops/invariants"
import { describeDatabase } from "#adapters/postgres/database"
import { withDatabase } from "./database"
import { projectRoot } from "./root"
import { ExitCode, printJson, printText, type Options } from "./outcome"
import { table } from "./table"

export interface CheckOptions extends Options {
  readonly specs?: boolean
}


/** Runs the spec suites, streaming their output (to stderr under --json, so stdout stays JSON). */
const runSpecs = (json: boolean) =>
  new Promise<number>((done) => {
    const child = spawn("npx", ["vitest", "run", "specs"], { cwd: projectRoot, stdio: ["ignore", json ? 2 : "inherit", "inherit"] })
    child.once("error", (e) => {
      process.stderr.write(`station: cannot run the spec suites: ${e.message}\n`)
      done(127)
    })
    child.once("exit", (code, signal) => done(code ?? (signal ? 128 : 1)))
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
  const { database, results } = await withDatabase(async (db) => ({ database: describeDatabase(db), results: await checkInvariants(db.db) }))
  const invariantsOk = results.every((r) => r.ok)
  if (!options.json) printText(`${describeInvariants(database, results)}\n`)
  let specs: { ran: boolean; passed?: boolean; exitCode?: number } = { ran: false }
  if (options.specs !== false) {
    if (!options.json) printText("Property spec suites (npx vitest run specs):")
    const exitCode = await runSpecs(options.json === true)
    specs = { ran: true, passed: exitCode === 0, exitCode }
  }
  const ok = invariantsOk && specs.passed !== false
  if (options.json) printJson({ database, ok, invariants: results, specs })
  else printText(ok ? "All checks passed." : `Checks FAILED:${invariantsOk ? "" : " invariants"}${specs.passed === false ? " specs" : ""}`)
  return ok ? ExitCode.ok : ExitCode.refused
}
