import { describe, expect, it } from "vitest"
import { cutoffMinutes, DEFAULT_NOON_WINDOW, DEFAULT_PM_WINDOW, hhmm } from "../errand/order-form"
import { PAYMENT_DEADLINE_MS } from "../errand/status-machine"
import { DEFAULT_SAFEKEEPING, safekeepingFee } from "../parcel/parcel"
import { dueCutoff } from "../parcel/returns"
import { yuan } from "../shared/money"
import { hours, minutes } from "../shared/time"
import { convertPoints } from "../wallet/points"
import { decideWithdrawal, WITHDRAWAL_LIMITS, withdrawalFee } from "../wallet/withdrawal"
import { PLATFORM_SERVICE_PHONE } from "../worksite/directory"
import { HOTLINE_HOURS, serviceFaq, type FaqWorksite } from "./service-faq"

const answerTo = (faq: ReadonlyArray<{ question: string; answer: string }>, topic: RegExp) => {
  const item = faq.find((i) => topic.test(i.question))
  if (!item) throw new Error(`no question about ${topic}`)
  return `${item.question} ${item.answer}`
}

describe("the customer-service questions", () => {
  const faq = serviceFaq()

  it("are ten, each asked once, the first the return to the courier after three days (spec 002 §2, §9)", () => {
    expect(faq).toHaveLength(10)
    expect(new Set(faq.map((i) => i.question)).size).toBe(10)
    const now = new Date("2026-12-01T00:00:00Z")
    const days = (now.getTime() - dueCutoff(now).getTime()) / hours(24)
    expect(days).toBe(3)
    expect(faq[0]!.question).toContain(`${days}天`)
    expect(faq[0]!.answer).toMatch(/退回给快递员/)
  })

  it("state the figures the rules apply: the safekeeping fee", () => {
    const checkedIn = new Date("2026-12-01T00:00:00Z")
    const after = (h: number) => safekeepingFee(checkedIn, new Date(checkedIn.getTime() + hours(h)))
    const text = answerTo(faq, /保管费/)
    expect(after(DEFAULT_SAFEKEEPING.freeHours)).toBe(0)
    expect(text).toContain(`${DEFAULT_SAFEKEEPING.freeHours}小时内免费`)
    expect(text).toContain(`收${yuan(after(DEFAULT_SAFEKEEPING.freeHours + 1))}元`)
    expect(text).toContain(`最多收${yuan(after(24 * 365))}元`)
  })

  it("state the figures the rules apply: withdrawals and points", () => {
    expect(answerTo(faq, /手续费/)).toContain(`${(withdrawalFee(100_000) / 100_000) * 100}%`)
    const limits = answerTo(faq, /限制/)
    const lowest = decideWithdrawal({ amountFen: WITHDRAWAL_LIMITS.minFen, balanceFen: 10_000_000, earlier: [], now: new Date() })
    const below = decideWithdrawal({ amountFen: WITHDRAWAL_LIMITS.minFen - 1, balanceFen: 10_000_000, earlier: [], now: new Date() })
    expect(below).toBeInstanceOf(Error)
    expect(lowest).not.toBeInstanceOf(Error)
    expect(limits).toContain(`${yuan(WITHDRAWAL_LIMITS.minFen)}–${yuan(WITHDRAWAL_LIMITS.maxFen)}元`)
    expect(limits).toContain(`最多提现${WITHDRAWAL_LIMITS.perDayCount}次`)
    expect(limits).toContain(`不超过${yuan(WITHDRAWAL_LIMITS.perDayFen)}元`)
    const converted = convertPoints({ requested: 10, held: 10 })
    if (converted instanceof Error) throw converted
    expect(answerTo(faq, /积分/)).toContain(`每${converted.points}积分兑换${yuan(converted.moneyFen)}元`)
    expect(answerTo(faq, /付款/)).toContain(`${PAYMENT_DEADLINE_MS / minutes(1)}分钟内`)
  })

  it("say who answers the hotline and its hours", () => {
    expect(answerTo(faq, /客服电话/)).toContain(HOTLINE_HOURS)
    expect(answerTo(faq, /客服电话/)).toContain(PLATFORM_SERVICE_PHONE)
  })

  it("give the user's worksite's delivery cut-off and windows, the defaults, or say it has no door delivery", () => {
    const site: FaqWorksite = { paotuiAble: true, paotuiOrderLastTime: "21:30", serviceEnd: "22:00", noon: { begin: "11:30", end: "13:30" }, pm: DEFAULT_PM_WINDOW }
    const own = answerTo(serviceFaq(site), /截止/)
    expect(own).toContain(`每天${hhmm(cutoffMinutes(site)!)}截止`)
    expect(own).toContain("11:30–13:30和19:00–23:00")
    const unset = answerTo(serviceFaq({ ...site, paotuiOrderLastTime: null }), /截止/)
    expect(unset).toContain(`每天${hhmm(cutoffMinutes({ serviceEnd: "22:00" })!)}截止`)
    const generic = answerTo(serviceFaq(), /截止/)
    expect(generic).toContain(`${DEFAULT_NOON_WINDOW.begin}–${DEFAULT_NOON_WINDOW.end}`)
    expect(generic).not.toMatch(/你所在的网点每天/)
    expect(answerTo(serviceFaq({ ...site, paotuiAble: false }), /截止/)).toContain("暂未开通送货上门")
  })
})
