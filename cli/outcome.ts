/**
 * The one table from outcome to exit code for the CLI: 0 done, 1 a rule said no (a use case's expected
 * error, a mismatch, a failed check), 2 bad usage. Expected errors print their message as is; a defect
 * prints one line (its stack only with STATION_DEBUG=1).
 */
import { Cause, Exit } from "effect"
import type { Command } from "commander"
import { DataDirLocked } from "#adapters/postgres/data-dir-lock"
import { isDomainError } from "#src/shared/errors"
import { ExitCode } from "./exit-code"

export { ExitCode }

/** Bad arguments found after parsing (a missing file, an invalid environment value). */
export class UsageError extends Error {}

/** A use case's expected failure, with its tag and the message to show. */
export class Refusal extends Error {
  constructor(readonly tag: string, message: string) {
    super(message)
  }
}

/** The use case's value, or its expected failure as a Refusal; defects are rethrown as they are. */
export const valueOf = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  const failure = Cause.squash(exit.cause)
  if (!Cause.hasDies(exit.cause) && isDomainError(failure)) throw new Refusal(failure._tag, failure.message)
  throw failure
}

export interface Options {
  readonly json?: boolean
}

export const printJson = (value: unknown) => {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
}

export const printText = (text: string) => {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`)
}

/** Prints the value as JSON with --json, else as the human text. */
export const render = (options: Options, value: unknown, human: () => string) => {
  if (options.json) printJson(value)
  else printText(human())
}

const report = (options: Options, code: ExitCode, tag: string, message: string) => {
  process.stderr.write(`${message}\n`)
  if (options.json) printJson({ error: { tag, message } })
  return code
}

const describeDefect = (e: unknown) => {
  if (process.env.STATION_DEBUG === "1" && e instanceof Error && e.stack) return e.stack
  const message = e instanceof Error ? e.message : String(e)
  return `station: 内部错误 (internal failure): ${message || (e as { code?: string })?.code || "unknown"}`
}

/** Wraps a command handler: maps what it returns or throws to an exit code. */
export const action = <Args extends unknown[]>(handler: (...args: Args) => Promise<ExitCode | void>) =>
  async (...args: Args) => {
    const command = args[args.length - 1] as Command
    const options = command.opts() as Options
    try {
      process.exitCode = (await handler(...args)) ?? ExitCode.ok
    } catch (e) {
      process.exitCode =
        e instanceof Refusal ? report(options, ExitCode.refused, e.tag, e.message)
        : e instanceof UsageError ? report(options, ExitCode.usage, "UsageError", `station: ${e.message}`)
        : e instanceof DataDirLocked ? report(options, ExitCode.refused, "DataDirLocked", `station: ${e.message}`)
        : report(options, ExitCode.refused, "Defect", describeDefect(e))
    }
  }
