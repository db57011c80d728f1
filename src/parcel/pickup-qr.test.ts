import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { holderOf, PickupQr, QR_INVALID, signedText, type UnsignedQr } from "./pickup-qr"

const base: UnsignedQr = { ex: "顺丰", en: "SF123", sn: "A-01", re: "张三", rp: "13800138000", tag: "0007", ts: 1_700_000_000_000 }

describe("holderOf: exactly one of roid, aoid, poid", () => {
  it.each([
    [{ roid: "o1" }, { role: "receiver", openid: "o1" }],
    [{ aoid: "o2" }, { role: "agent", openid: "o2" }],
    [{ poid: "o3" }, { role: "runner", openid: "o3" }]
  ])("%j → %j", (holder, expected) => {
    expect(holderOf({ ...base, ...holder })).toEqual(expected)
  })

  it.each([{}, { roid: "a", aoid: "b" }, { roid: "a", poid: "c" }, { aoid: "b", poid: "c" }, { roid: "a", aoid: "b", poid: "c" }])(
    "%j has no single holder",
    (holders) => {
      expect(holderOf({ ...base, ...holders })).toBeUndefined()
    }
  )
})

describe("signedText", () => {
  it("covers every field but the signature in a fixed order", () => {
    expect(signedText({ ...base, roid: "o1" })).toBe(["顺丰", "SF123", "A-01", "o1", "", "", "张三", "13800138000", "0007", "1700000000000"].join("\n"))
  })

  it("changes when any covered field changes, including which role holds the QR", () => {
    const original = signedText({ ...base, roid: "o1" })
    expect(signedText({ ...base, aoid: "o1" })).not.toBe(original)
    expect(signedText({ ...base, poid: "o1" })).not.toBe(original)
    expect(signedText({ ...base, roid: "o1", tag: "0008" })).not.toBe(original)
    expect(signedText({ ...base, roid: "o1", ts: base.ts + 1 })).not.toBe(original)
    expect(signedText({ ...base, roid: "o1", en: "SF124" })).not.toBe(original)
  })
})

describe("PickupQr schema", () => {
  it("decodes the spec's field names", () => {
    const decoded = Schema.decodeUnknownSync(PickupQr)({ ...base, poid: "p", sig: "s" })
    expect(decoded.poid).toBe("p")
    expect(decoded.sig).toBe("s")
  })

  it("rejects a QR without a signature", () => {
    expect(() => Schema.decodeUnknownSync(PickupQr)({ ...base, roid: "r" })).toThrow()
  })

  it("the failure message is the spec's", () => {
    expect(QR_INVALID).toBe("二维码校验失败")
  })
})
