/**
 * Phones: the mainland mobile rule, numbers written with spaces, dashes or +86, the captcha's one-use 5-minute
 * life with 5 tries, and the resend limits (one per 60/90 s, ten per Shanghai day) against a small model.
 */
import { fc, test } from "@fast-check/vitest"
import { describe, expect } from "vitest"
import { isMobilePhone, normalizePhone } from "#src/shared/phone-number"
import { CAPTCHA_RULES, captchaSendDecision, issueCaptcha, phoneEditRefusal, resendCountdown, unbindMainPhone, unbindVicePhone, verifyCaptcha } from "#src/profile/phone"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const mobile = fc.tuple(fc.constantFrom(..."3456789"), fc.stringMatching(/^\d{9}$/)).map(([second, rest]) => `1${second}${rest}`)

describe("the mobile number rule", () => {
  const model = (s: string) => s.length === 11 && [...s].every((c) => c >= "0" && c <= "9") && s[0] === "1" && s[1] !== undefined && s[1] >= "3"

  test.prop([fc.oneof(mobile, fc.stringMatching(/^[0-9 +\-a]{0,13}$/), fc.stringMatching(/^1\d{10}$/))], { numRuns: 2000 })(
    "11 digits, 1 then 3–9, nothing else",
    (s) => {
      expect(isMobilePhone(s)).toBe(model(s))
    }
  )

  test.prop([mobile, fc.constantFrom("", "+86", "+86 ", "+86-", "0086", "0086 ", "86-", "(+86)", "(+86) "), fc.constantFrom(" ", "-", "")])(
    "written with a country prefix and spaces or dashes, it normalises to its 11 digits",
    (phone, prefix, sep) => {
      expect(normalizePhone(`${prefix}${phone.slice(0, 3)}${sep}${phone.slice(3, 7)}${sep}${phone.slice(7)}`)).toBe(phone)
    }
  )

  test.prop([mobile, mobile, mobile, fc.stringMatching(/^\d{4}$/)])("the edit page takes a new number with a 4-digit code", (phone, main, vice, code) => {
    const bound = { phoneMain: main, phoneVice: vice }
    const expected = phone === main || phone === vice ? "请输入一个新的手机号码" : undefined
    expect(phoneEditRefusal({ phone, captcha: code, bound })?.message).toBe(expected)
    expect(phoneEditRefusal({ phone: main, captcha: code, bound })?.message).toBe("请输入一个新的手机号码")
  })
})

describe("captcha: one use, 5 minutes, 5 tries", () => {
  const attempt = fc.record({
    samePhone: fc.boolean(),
    rightCode: fc.boolean(),
    after: fc.integer({ min: 0, max: 2 * MINUTE })
  })

  test.prop([mobile, fc.stringMatching(/^\d{4}$/), fc.array(attempt, { maxLength: 12 })], { numRuns: 1000 })(
    "matches the model over any run of attempts",
    (phone, code, attempts) => {
      const issuedAt = new Date(Date.UTC(2025, 5, 1, 8))
      let captcha = issueCaptcha(phone, code, issuedAt) as ReturnType<typeof issueCaptcha> | undefined
      let model = { tries: 0, used: false }
      let t = issuedAt.getTime()
      for (const a of attempts) {
        t += a.after
        const entered = { phone: a.samePhone ? phone : "10000000000", code: a.rightCode ? code : code === "0000" ? "0001" : "0000" }
        const result = verifyCaptcha(captcha, entered, new Date(t))
        const expected =
          a.samePhone && a.rightCode && !model.used && model.tries < CAPTCHA_RULES.maxAttempts && t - issuedAt.getTime() <= 5 * MINUTE
        expect(result.ok).toBe(expected)
        if (a.samePhone) model = { tries: model.tries + 1, used: model.used || expected }
        captcha = result.captcha
      }
    }
  )
})

/** Independent of the code under test: the calendar date as Asia/Shanghai shows it. */
const shanghaiDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" })

describe("resend limits", () => {
  const nowArb = fc.integer({ min: 19_000, max: 21_000 }).chain((day) =>
    fc.integer({ min: -2 * HOUR, max: 2 * HOUR }).map((offset) => day * DAY + 16 * HOUR + offset)
  )
  const scenario = fc.record({
    now: nowArb,
    gap: fc.constantFrom(CAPTCHA_RULES.resendSeconds.editPhone, CAPTCHA_RULES.resendSeconds.completeProfile),
    agos: fc.oneof(
      fc.array(fc.integer({ min: 0, max: 30 * HOUR }), { maxLength: 14 }),
      fc.array(fc.integer({ min: 0, max: 3 * MINUTE }), { maxLength: 3 }),
      fc.integer({ min: 8, max: 13 }).map((n) => Array.from({ length: n }, (_, i) => (i + 1) * 2 * MINUTE))
    )
  })

  test.prop([scenario], { numRuns: 3000 })("a send is allowed when the last was a gap ago and fewer than ten went today", ({ now, gap, agos }) => {
    const history = agos.map((ago) => new Date(now - ago))
    const tooSoon = agos.filter((ago) => ago < gap * 1000)
    const today = agos.filter((ago) => shanghaiDay.format(now - ago) === shanghaiDay.format(now)).length
    const decision = captchaSendDecision(history, new Date(now), gap)
    if (tooSoon.length > 0) {
      expect(decision?.message).toBe(`请${Math.ceil((gap * 1000 - Math.min(...tooSoon)) / 1000)}秒后再获取验证码`)
    } else if (today >= 10) {
      expect(decision?.message).toBe("该手机号今天获取验证码次数过多，请明天再试")
    } else {
      expect(decision).toBeUndefined()
    }
  })

  test.prop([fc.integer({ min: 0, max: 10 * MINUTE }), fc.constantFrom(60, 90)])("the countdown runs from the gap down to 0", (elapsed, gap) => {
    const last = new Date(Date.UTC(2025, 5, 1))
    const left = resendCountdown(last, new Date(last.getTime() + elapsed), gap)
    expect(left).toBeGreaterThanOrEqual(0)
    expect(left).toBeLessThanOrEqual(gap)
    expect(left === 0).toBe(elapsed >= gap * 1000)
  })
})

describe("unbinding", () => {
  test.prop([mobile, fc.option(mobile, { nil: null })])("main: the vice takes its place, or the user has no phone left", (main, vice) => {
    const { phones, newMain } = unbindMainPhone({ phoneMain: main, phoneVice: vice })
    expect(phones).toEqual({ phoneMain: vice, phoneVice: null })
    expect(newMain).toBe(vice ?? undefined)
  })

  test.prop([mobile, fc.option(mobile, { nil: null })])("vice: removed, or '还没绑定副手机'", (main, vice) => {
    const after = unbindVicePhone({ phoneMain: main, phoneVice: vice })
    if (vice) expect(after).toEqual({ phoneMain: main, phoneVice: null })
    else expect((after as { message: string }).message).toBe("还没绑定副手机")
  })
})
