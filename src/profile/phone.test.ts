import { describe, expect, it } from "vitest"
import { LimitReached, RuleViolation } from "../shared/errors"
import { isMobilePhone, normalizePhone } from "../shared/phone-number"
import { CAPTCHA_RULES, captchaCode, captchaPhoneDecision, captchaSendDecision, captchaSenderDecision, issueCaptcha, newPhoneRefusal, phoneEditRefusal, resendCountdown, unbindMainPhone, unbindVicePhone, verifyCaptcha } from "./phone"

const at = (iso: string) => new Date(iso)
const bound = { phoneMain: "13800138000", phoneVice: "13900139000" }

describe("mobile numbers", () => {
  it.each(["13800138000", "15012345678", "19912345678", "16612345678"])("%s is a mobile number", (p) => {
    expect(isMobilePhone(p)).toBe(true)
  })

  it.each(["12800138000", "10086123456", "1380013800", "138001380000", "1380013800a", "23800138000", ""])("%j is not", (p) => {
    expect(isMobilePhone(p)).toBe(false)
  })

  it.each([
    ["138 0013 8000", "13800138000"],
    ["138-0013-8000", "13800138000"],
    ["+86 138 0013 8000", "13800138000"],
    ["+8613800138000", "13800138000"],
    ["0086-13800138000", "13800138000"],
    ["(138)00138000", "13800138000"],
    [" 13800138000 ", "13800138000"],
    ["0755-1234567", "0755-1234567"]
  ])("normalizePhone(%j) → %j", (raw, phone) => {
    expect(normalizePhone(raw)).toBe(phone)
  })
})

describe("edit-phone page", () => {
  it("passes a new valid number with a 4-digit code", () => {
    expect(phoneEditRefusal({ phone: "13700137000", captcha: "1234", bound })).toBeUndefined()
  })

  it.each([
    [undefined, "1234", "请绑定您正确的手机号"],
    ["", "1234", "请绑定您正确的手机号"],
    ["1370013700", "1234", "请输入正确的手机号码"],
    ["12700137000", "1234", "请输入正确的手机号码"],
    ["13800138000", "1234", "请输入一个新的手机号码"],
    ["13900139000", "1234", "请输入一个新的手机号码"],
    ["13700137000", "123", "请输入正确的验证码"],
    ["13700137000", "12a4", "请输入正确的验证码"],
    ["13700137000", undefined, "请输入正确的验证码"]
  ])("%j with code %j → %s", (phone, captcha, message) => {
    expect(phoneEditRefusal({ phone, captcha, bound })?.message).toBe(message)
  })

  it("asking for a code checks only the number", () => {
    expect(newPhoneRefusal("13700137000", bound)).toBeUndefined()
    expect(newPhoneRefusal("13800138000", bound)?.message).toBe("请输入一个新的手机号码")
    expect(newPhoneRefusal("13800138000", { phoneMain: null, phoneVice: null })).toBeUndefined()
  })
})

describe("captcha", () => {
  const sent = issueCaptcha("13700137000", "0427", at("2025-06-01T08:00:00Z"))

  it("makes 4-digit codes", () => {
    expect(captchaCode(427)).toBe("0427")
    expect(captchaCode(123_456)).toBe("3456")
    expect(captchaCode(0)).toBe("0000")
  })

  it("accepts the right code for that phone within 5 minutes, once", () => {
    const first = verifyCaptcha(sent, { phone: "13700137000", code: "0427" }, at("2025-06-01T08:05:00Z"))
    expect(first.ok).toBe(true)
    expect(verifyCaptcha(first.captcha, { phone: "13700137000", code: "0427" }, at("2025-06-01T08:05:00Z")).ok).toBe(false)
  })

  it.each([
    ["wrong code", "13700137000", "0428", "2025-06-01T08:01:00Z"],
    ["other phone", "13700137001", "0427", "2025-06-01T08:01:00Z"],
    ["expired", "13700137000", "0427", "2025-06-01T08:05:00.001Z"]
  ])("refuses a %s", (_, phone, code, when) => {
    expect(verifyCaptcha(sent, { phone, code }, at(when)).ok).toBe(false)
  })

  it("refuses everything after 5 wrong tries", () => {
    let captcha = sent as typeof sent | undefined
    for (let i = 0; i < CAPTCHA_RULES.maxAttempts; i++) {
      captcha = verifyCaptcha(captcha, { phone: "13700137000", code: "9999" }, at("2025-06-01T08:01:00Z")).captcha
    }
    expect(verifyCaptcha(captcha, { phone: "13700137000", code: "0427" }, at("2025-06-01T08:01:00Z")).ok).toBe(false)
  })

  it("refuses when none was sent", () => {
    expect(verifyCaptcha(undefined, { phone: "13700137000", code: "0427" }, at("2025-06-01T08:01:00Z")).ok).toBe(false)
  })
})

describe("resend limits", () => {
  const now = at("2025-06-01T08:00:00Z")

  it("counts down 90 s on the edit page and 60 s on complete-profile", () => {
    expect(CAPTCHA_RULES.resendSeconds).toEqual({ editPhone: 90, completeProfile: 60 })
    expect(resendCountdown(undefined, now, 90)).toBe(0)
    expect(resendCountdown(at("2025-06-01T07:59:00Z"), now, 90)).toBe(30)
    expect(resendCountdown(at("2025-06-01T07:59:00Z"), now, 60)).toBe(0)
    expect(resendCountdown(at("2025-06-01T07:59:59.500Z"), now, 60)).toBe(60)
  })

  it("allows a first send and one after the gap", () => {
    expect(captchaSendDecision([], now, 90)).toBeUndefined()
    expect(captchaSendDecision([at("2025-06-01T07:58:30Z")], now, 90)).toBeUndefined()
  })

  it("refuses within the gap, saying how long to wait", () => {
    const refusal = captchaSendDecision([at("2025-06-01T07:58:00Z"), at("2025-06-01T07:59:20Z")], now, 60)
    expect(refusal).toBeInstanceOf(LimitReached)
    expect(refusal?.message).toBe("请20秒后再获取验证码")
  })

  it("refuses the 11th send of a Shanghai day, and allows again after midnight", () => {
    const ten = Array.from({ length: 10 }, (_, i) => new Date(at("2025-06-01T00:00:00Z").getTime() + i * 10 * 60_000))
    expect(captchaSendDecision(ten, now, 90)?.message).toBe("该手机号今天获取验证码次数过多，请明天再试")
    expect(captchaSendDecision(ten, at("2025-06-01T16:00:00Z"), 90)).toBeUndefined()
  })
})

describe("codes to one phone, whoever asks", () => {
  const now = at("2025-06-01T08:00:00Z")
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)

  it("5 an hour, then '该手机号获取验证码过于频繁，请稍后再试' until the oldest leaves the hour", () => {
    expect(CAPTCHA_RULES.perPhone).toEqual({ max: 5, windowMs: 60 * 60_000 })
    expect(captchaPhoneDecision([], now)).toBeUndefined()
    expect(captchaPhoneDecision([1, 2, 3, 4].map(ago), now)).toBeUndefined()
    const refusal = captchaPhoneDecision([1, 2, 3, 4, 59.99].map(ago), now)
    expect(refusal).toBeInstanceOf(LimitReached)
    expect(refusal?.message).toBe("该手机号获取验证码过于频繁，请稍后再试")
    expect(captchaPhoneDecision([1, 2, 3, 4, 60].map(ago), now)).toBeUndefined()
    // codes stamped in the future (a clock that went back) do not count
    expect(captchaPhoneDecision([-1, -2, -3, -4, -5].map(ago), now)).toBeUndefined()
  })
})

describe("limits on who asks (against SMS pumping)", () => {
  const now = at("2025-06-01T08:00:00Z")
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
  const times = (n: number, minutesAgo: (i: number) => number) => Array.from({ length: n }, (_, i) => ago(minutesAgo(i)))

  it("an account gets 5 codes per 10 minutes, whatever the phones", () => {
    expect(CAPTCHA_RULES.perAccount).toEqual({ max: 5, windowMs: 10 * 60_000 })
    expect(captchaSenderDecision({ account: times(4, (i) => i), address: [] }, now)).toBeUndefined()
    expect(captchaSenderDecision({ account: times(5, (i) => i), address: [] }, now)?.message).toBe("获取验证码过于频繁，请稍后再试")
    expect(captchaSenderDecision({ account: times(5, (i) => i), address: [] }, now)).toBeInstanceOf(LimitReached)
    // the oldest of five just leaves the window
    expect(captchaSenderDecision({ account: [...times(4, (i) => i), ago(10)], address: [] }, now)).toBeUndefined()
    expect(captchaSenderDecision({ account: [...times(4, (i) => i), ago(9.99)], address: [] }, now)).toBeDefined()
  })

  it("an account gets 20 codes per Shanghai day", () => {
    const today = times(20, (i) => 11 + i * 11)
    expect(captchaSenderDecision({ account: today, address: [] }, now)?.message).toBe("今天获取验证码次数过多，请明天再试")
    expect(captchaSenderDecision({ account: today.slice(1), address: [] }, now)).toBeUndefined()
    // 08:00Z is 16:00 in Shanghai: the day began 16 hours ago
    const yesterday = times(20, (i) => 16 * 60 + 1 + i)
    expect(captchaSenderDecision({ account: yesterday, address: [] }, now)).toBeUndefined()
  })

  it("a client address gets 60 codes an hour, whatever the accounts", () => {
    expect(CAPTCHA_RULES.perAddress).toEqual({ max: 60, windowMs: 60 * 60_000 })
    expect(captchaSenderDecision({ account: [], address: times(59, (i) => i) }, now)).toBeUndefined()
    expect(captchaSenderDecision({ account: [], address: times(60, (i) => i) }, now)?.message).toBe("获取验证码过于频繁，请稍后再试")
    expect(captchaSenderDecision({ account: [], address: times(60, (i) => i + 1) }, now)).toBeUndefined()
  })

  it("codes stamped in the future (a clock that went back) do not count", () => {
    expect(captchaSenderDecision({ account: times(5, () => -1), address: times(60, () => -1) }, now)).toBeUndefined()
  })
})

describe("unbinding", () => {
  it("unbinding the main phone promotes the vice and answers it", () => {
    expect(unbindMainPhone(bound)).toEqual({ phones: { phoneMain: "13900139000", phoneVice: null }, newMain: "13900139000" })
  })

  it("unbinding the main phone without a vice leaves none (complete the profile again)", () => {
    expect(unbindMainPhone({ phoneMain: "13800138000", phoneVice: null })).toEqual({
      phones: { phoneMain: null, phoneVice: null },
      newMain: undefined
    })
  })

  it("unbinding the vice phone", () => {
    expect(unbindVicePhone(bound)).toEqual({ phoneMain: "13800138000", phoneVice: null })
    const refused = unbindVicePhone({ phoneMain: "13800138000", phoneVice: null })
    expect(refused).toBeInstanceOf(RuleViolation)
    expect((refused as RuleViolation).message).toBe("还没绑定副手机")
  })
})
