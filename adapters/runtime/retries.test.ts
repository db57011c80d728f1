/** The retry loop: only a defect that is a retryable conflict runs again, and at most MAX_ATTEMPTS times in all. */
import { Cause, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { RuleViolation } from "#src/shared/errors"
import { RetryableConflict } from "../postgres/retryable"
import { isRetryableExit, MAX_ATTEMPTS, retrying } from "./retries"

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code })

/** Attempts answering `exits` in turn (the last one again once they run out), counting how many ran. */
const attempts = (...exits: ReadonlyArray<Exit.Exit<unknown, unknown>>) => {
  let ran = 0
  return { ran: () => ran, attempt: async () => ({ exit: exits[Math.min(ran++, exits.length - 1)]!, n: ran }) }
}

describe("retries", () => {
  it.each([
    ["a conflict a store reports", new RetryableConflict("tag taken")],
    ["a serialization failure (40001)", pgError("40001")],
    ["a deadlock (40P01)", pgError("40P01")]
  ])("%s is tried again until an attempt ends otherwise", async (_, defect) => {
    const a = attempts(Exit.die(defect), Exit.die(defect), Exit.succeed("done"))
    expect(await retrying(a.attempt)).toEqual({ exit: Exit.succeed("done"), n: 3 })
    expect(a.ran()).toBe(3)
  })

  it(`gives up after ${MAX_ATTEMPTS} attempts, answering the last one`, async () => {
    const a = attempts(Exit.die(new RetryableConflict("always")))
    const last = await retrying(a.attempt)
    expect(a.ran()).toBe(MAX_ATTEMPTS)
    expect(last.n).toBe(MAX_ATTEMPTS)
    expect(isRetryableExit(last.exit)).toBe(true)
  })

  it("gives up after the number of attempts asked for", async () => {
    const a = attempts(Exit.die(pgError("40001")))
    await retrying(a.attempt, 2)
    expect(a.ran()).toBe(2)
  })

  it.each([
    ["a success", Exit.succeed(1)],
    ["a refusal", Exit.fail(new RuleViolation({ message: "不行" }))],
    ["a refusal whose error is a conflict (only defects are retried)", Exit.fail(new RetryableConflict("as an error"))],
    ["a unique violation", Exit.die(pgError("23505"))],
    ["another defect", Exit.die(new Error("boom"))],
    ["an interruption", Exit.failCause(Cause.interrupt())]
  ])("%s is final: one attempt", async (_, exit) => {
    const a = attempts(exit, Exit.succeed("a second attempt"))
    expect((await retrying(a.attempt)).exit).toBe(exit)
    expect(a.ran()).toBe(1)
  })
})
