import { describe, expect, it } from "vitest"
import {
  firstFailure,
  isDomainError,
  LimitReached,
  NotAllowed,
  NotFound,
  PayloadTooLarge,
  RuleViolation,
  StateConflict,
  Unauthenticated
} from "./errors"

describe("domain errors", () => {
  it.each([
    [new RuleViolation({ message: "m" }), "RuleViolation", 400],
    [new Unauthenticated({ message: "m" }), "Unauthenticated", 401],
    [new NotAllowed({ message: "m" }), "NotAllowed", 403],
    [new NotFound({ message: "m" }), "NotFound", 404],
    [new StateConflict({ message: "m" }), "StateConflict", 409],
    [new PayloadTooLarge({ message: "m" }), "PayloadTooLarge", 413],
    [new LimitReached({ message: "m" }), "LimitReached", 429]
  ])("%s carries tag %s and HTTP status %i", (error, tag, status) => {
    expect(error._tag).toBe(tag)
    expect(error.status).toBe(status)
    expect(error.message).toBe("m")
    expect(isDomainError(error)).toBe(true)
  })

  it("keeps the user-facing message verbatim", () => {
    expect(new RuleViolation({ message: "提现金额不能大于余额" }).message).toBe("提现金额不能大于余额")
  })

  it.each([new Error("x"), "RuleViolation", { _tag: "RuleViolation", message: "m" }, null, undefined])(
    "does not take %s for a domain error",
    (u) => {
      expect(isDomainError(u)).toBe(false)
    }
  )
})

describe("firstFailure", () => {
  it("returns undefined when every check passes or there are none", () => {
    expect(firstFailure([])).toBeUndefined()
    expect(firstFailure([[true, "a"], [true, "b"]])).toBeUndefined()
  })

  it("returns the message of the first failing check, not a later one", () => {
    expect(firstFailure([[true, "a"], [false, "b"], [false, "c"]])).toBe("b")
    expect(firstFailure([[false, "a"], [false, "b"]])).toBe("a")
    expect(firstFailure([[true, "a"], [true, "b"], [false, "c"]])).toBe("c")
  })
})
