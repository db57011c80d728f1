import { describe, expect, it } from "vitest"
import { loggablePath, maskPhones } from "./logger"

describe("logged request paths", () => {
  it("mask a phone number in a path segment, however it is written", () => {
    expect(loggablePath("/api/user/phoneCaptcha/13800000001")).toBe("/api/user/phoneCaptcha/138****0001")
    expect(loggablePath("/api/user/phoneCaptcha/+8613800000001")).toBe("/api/user/phoneCaptcha/138****0001")
    expect(loggablePath("/api/user/phoneCaptcha/138%200000%200001?x=1")).toBe("/api/user/phoneCaptcha/138****0001")
    expect(loggablePath("/api/user/phoneCaptcha/138-0000-0001")).toBe("/api/user/phoneCaptcha/138****0001")
  })

  it("keep what is not a phone: last four digits, ids, short numbers; mask tokens", () => {
    expect(loggablePath("/api/user/list/ws-xiyuan/0001")).toBe("/api/user/list/ws-xiyuan/0001")
    expect(loggablePath("/api/expressTosend/getById/12345678901234")).toBe("/api/expressTosend/getById/12345678901234")
    expect(loggablePath("/my/AbCdEfGhIjKlMnOpQrStUvWxYz0123")).toBe("/my/[token]")
  })

  it("mask phones inside other text", () => {
    expect(maskPhones("to 13912345678, from 15000000000")).toBe("to 139****5678, from 150****0000")
  })
})
