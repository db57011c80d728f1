import type { ServerResponse } from "node:http"
import { Exit } from "effect"
import { describe, expect, it } from "vitest"
import {
  LimitReached, NotAllowed, NotFound, PayloadTooLarge, RuleViolation, StateConflict, Unauthenticated
} from "#src/shared/errors"
import { GENERIC_FAILURE, sendExit } from "./outcome"

const answered = (exit: Exit.Exit<unknown, unknown>) => {
  const sent: { status?: number; body?: unknown } = {}
  const headers: Record<string, unknown> = {}
  const res = {
    set statusCode(code: number) { sent.status = code },
    setHeader(name: string, value: unknown) { headers[name.toLowerCase()] = value },
    end(text: string) {
      expect(headers["content-type"]).toBe("application/json; charset=utf-8")
      expect(headers["content-length"]).toBe(Buffer.byteLength(text))
      sent.body = JSON.parse(text)
    }
  } as unknown as ServerResponse
  sendExit(res, exit, (data) => ({ data }))
  return sent
}

describe("sendExit: the core's error table is the HTTP answer", () => {
  it.each([
    [new RuleViolation({ message: "提现金额不能大于余额" }), 400],
    [new Unauthenticated({ message: "登录已失效" }), 401],
    [new NotAllowed({ message: "请先绑定后台操作用户" }), 403],
    [new NotFound({ message: "提现申请不存在" }), 404],
    [new StateConflict({ message: "该提现申请已处理" }), 409],
    [new PayloadTooLarge({ message: "图片不能超过4M" }), 413],
    [new LimitReached({ message: "每分钟只能提交一次提现申请" }), 429]
  ])("%s answers %i with its message verbatim", (error, status) => {
    expect(answered(Exit.fail(error))).toEqual({ status, body: { success: false, message: error.message } })
  })

  it("a domain error raised as a defect is a 500 with the generic message, never its own text", () => {
    expect(answered(Exit.die(new RuleViolation({ message: "内部" })))).toEqual({ status: 500, body: { success: false, message: GENERIC_FAILURE } })
  })

  it("a failure that is not a domain error is a 500", () => {
    expect(answered(Exit.fail({ _tag: "RuleViolation", status: 400, message: "仿冒" }))).toEqual({ status: 500, body: { success: false, message: GENERIC_FAILURE } })
  })

  it("a success answers 200 with its data", () => {
    expect(answered(Exit.succeed({ id: "w1" }))).toEqual({ status: 200, body: { success: true, message: undefined, data: { id: "w1" } } })
  })
})
