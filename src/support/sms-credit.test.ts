/** What a top-up buys (spec 002 §9), its amount rules (§5) and the deposit's state machine. */
import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { RuleViolation } from "../shared/errors"
import {
  DepositStatus, depositYuan, grantRefusal, MAX_DEPOSIT_YUAN, MAX_GRANT, nextDepositStatus, SMS_PER_YUAN, SMS_TILES, smsFor, smsMessages, smsRate, wholeYuan
} from "./sms-credit"

const tilePrices = SMS_TILES.map((t) => t.yuan)

describe("smsFor", () => {
  it("gives each tile exactly the spec's count, the 500 tile at 15 per yuan", () => {
    expect(SMS_TILES.map((t) => [t.yuan, smsFor(t.yuan)])).toEqual([[10, 250], [50, 1250], [100, 2500], [200, 5000], [500, 7500], [1000, 25000]])
    expect(smsRate(500)).toBe(15)
    expect(SMS_TILES.filter((t) => t.yuan !== 500).map((t) => smsRate(t.yuan))).toEqual([25, 25, 25, 25, 25])
  })

  it("gives a tile's count when its price is typed as a custom amount, with fen floored away", () => {
    expect(smsFor(500.99)).toBe(7500)
    expect(smsFor(10.5)).toBe(250)
  })

  test.prop([fc.integer({ min: 1, max: MAX_DEPOSIT_YUAN }).filter((y) => !tilePrices.includes(y))])("any other whole amount buys 25 per yuan", (yuan) => {
    expect(smsFor(yuan)).toBe(yuan * SMS_PER_YUAN)
  })

  test.prop([fc.double({ min: 1, max: MAX_DEPOSIT_YUAN, noNaN: true })])("an amount with a fraction buys what its whole yuan buy", (money) => {
    expect(smsFor(money)).toBe(smsFor(Math.floor(money)))
    expect(Number.isInteger(smsFor(money))).toBe(true)
  })

  test.prop([fc.double({ min: -1e6, max: 1 - Number.EPSILON, noNaN: true })])("below 1 yuan buys nothing", (money) => {
    expect(smsFor(money)).toBe(0)
  })

  it("buys nothing for what is not a number of yuan", () => {
    expect([smsFor(Number.NaN), smsFor(Number.POSITIVE_INFINITY), smsFor(0.99)]).toEqual([0, 0, 0])
  })
})

describe("depositYuan", () => {
  it("refuses in the spec's order: missing, below 1, above the cap", () => {
    expect(depositYuan(undefined)).toEqual(new RuleViolation({ message: smsMessages.moneyRequired }))
    expect(depositYuan(Number.NaN)).toEqual(new RuleViolation({ message: smsMessages.moneyRequired }))
    expect(depositYuan(0.99)).toEqual(new RuleViolation({ message: smsMessages.moneyMin }))
    expect(depositYuan(-5)).toEqual(new RuleViolation({ message: smsMessages.moneyMin }))
    expect(depositYuan(10_001)).toEqual(new RuleViolation({ message: smsMessages.moneyMax }))
    expect(smsMessages).toMatchObject({ moneyRequired: "请输入充值金额（元）", moneyMin: "充值金额必须>=1元", moneyMax: "单次充值不能超过10000元" })
  })

  test.prop([fc.double({ min: 1, max: MAX_DEPOSIT_YUAN + 0.99, noNaN: true })])("takes the floored whole yuan from 1 to 10,000", (money) => {
    expect(depositYuan(money)).toBe(wholeYuan(money))
  })
})

describe("the deposit's state machine", () => {
  const statuses = Object.values(DepositStatus)
  it("is created → paid | expired and paid → refunded, nothing else", () => {
    const moves = statuses.flatMap((s) => (["pay", "expire", "refund"] as const).map((e) => [s, e, nextDepositStatus(s, e)] as const)).filter(([, , to]) => to)
    expect(moves).toEqual([["created", "pay", "paid"], ["created", "expire", "expired"], ["paid", "refund", "refunded"]])
  })
})

describe("grantRefusal", () => {
  test.prop([fc.integer({ min: 1, max: MAX_GRANT })])("takes a whole count with a reason", (count) => {
    expect(grantRefusal(count, "开学赠送")).toBeUndefined()
  })
  it("refuses no count, a part of an SMS, too many, and no reason", () => {
    expect([0, 1.5, MAX_GRANT + 1, -3].map((n) => grantRefusal(n, "x")?.message)).toEqual(Array(4).fill(smsMessages.grantCount))
    expect(grantRefusal(10, "  ")?.message).toBe(smsMessages.grantReason)
  })
})
