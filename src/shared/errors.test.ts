import { fc, test } from "@fast-check/vitest"
import { Cause, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import {
  firstRefusal,
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

  it.each([
    () => new RuleViolation({ message: "提现金额不能大于余额" }),
    () => new Unauthenticated({ message: "登录已失效" }),
    () => new NotAllowed({ message: "请先绑定后台操作用户" }),
    () => new NotFound({ message: "提现申请不存在" }),
    () => new StateConflict({ message: "该提现申请已处理" }),
    () => new PayloadTooLarge({ message: "图片不能超过4M" }),
    () => new LimitReached({ message: "每分钟只能提交一次提现申请" })
  ])("a use case failing with it ends in a failure (not a defect) the HTTP outcome recognises, status and message intact (%#)", (make) => {
    const error = make()
    const exit = Effect.runSyncExit(Effect.gen(function* () {
      yield* Effect.void
      return yield* error
    }))
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isSuccess(exit)) return
    expect(Cause.hasDies(exit.cause)).toBe(false)
    const failure = Cause.squash(exit.cause)
    expect(isDomainError(failure)).toBe(true)
    expect(failure).toBe(error)
    expect((failure as typeof error).status).toBe(error.status)
    expect((failure as typeof error).message).toBe(error.message)
  })

  it("each status answers one kind of failure, all of them 4xx", () => {
    const statuses = [RuleViolation, Unauthenticated, NotAllowed, NotFound, StateConflict, PayloadTooLarge, LimitReached]
      .map((E) => new E({ message: "m" }).status)
    expect(new Set(statuses).size).toBe(statuses.length)
    for (const status of statuses) expect(status >= 400 && status < 500).toBe(true)
  })

  it.each([new Error("x"), "RuleViolation", { _tag: "RuleViolation", message: "m" }, null, undefined])(
    "does not take %s for a domain error",
    (u) => {
      expect(isDomainError(u)).toBe(false)
    }
  )
})

describe("firstRefusal", () => {
  it("returns undefined when every check passes or there are none", () => {
    expect(firstRefusal([])).toBeUndefined()
    expect(firstRefusal([[true, "a"], [true, "b"]])).toBeUndefined()
  })

  test.prop([fc.array(fc.tuple(fc.boolean(), fc.string()), { maxLength: 12 })])(
    "answers the earliest failing check's message as a RuleViolation, whatever fails after it", (checks) => {
      const first = checks.findIndex(([ok]) => !ok)
      const refused = firstRefusal(checks)
      if (first === -1) return void expect(refused).toBeUndefined()
      expect(refused).toBeInstanceOf(RuleViolation)
      expect(refused?.message).toBe(checks[first]![1])
    }
  )

  it("returns the first failing check's refusal, not a later one", () => {
    expect(firstRefusal([[true, "a"], [false, "b"], [false, "c"]])?.message).toBe("b")
    expect(firstRefusal([[false, "a"], [false, "b"]])?.message).toBe("a")
    expect(firstRefusal([[true, "a"], [true, "b"], [false, "c"]])?.message).toBe("c")
  })
})
