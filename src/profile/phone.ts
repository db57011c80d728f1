/** Main and vice phones: the mobile number rule, SMS captchas (format, expiry, resend limits) and unbinding. */
import { firstRefusal, LimitReached, RuleViolation } from "../shared/errors"
import { isMobilePhone } from "../shared/phone-number"
import { hours, minutes, sameShanghaiDay } from "../shared/time"

export const CAPTCHA_LENGTH = 4

export const CAPTCHA_RULES = {
  ttlMs: minutes(5),
  maxAttempts: 5,
  /** Codes one account may ask for one phone per Shanghai day. */
  perPhonePerDay: 10,
  /** Codes sent to one phone, whatever the accounts asking (many accounts must not flood one number). */
  perPhone: { max: 5, windowMs: hours(1) },
  resendSeconds: { editPhone: 90, completeProfile: 60 },
  /** Codes one account may ask for, whatever the phones. */
  perAccount: { max: 5, windowMs: minutes(10) },
  perAccountPerDay: 20,
  /** Codes asked from one client address, whatever the accounts (a campus network shares one address). */
  perAddress: { max: 60, windowMs: hours(1) }
} as const

export const messages = {
  phoneMissing: "请绑定您正确的手机号",
  phoneWrong: "请输入正确的手机号码",
  phoneNotNew: "请输入一个新的手机号码",
  captchaWrong: "请输入正确的验证码",
  captchaInvalid: "验证码不正确或已失效",
  captchaSent: "验证码已发送",
  captchaFailed: "获取验证码失败",
  captchaDaily: "该手机号今天获取验证码次数过多，请明天再试",
  captchaTooOften: "获取验证码过于频繁，请稍后再试",
  captchaAccountDaily: "今天获取验证码次数过多，请明天再试",
  captchaPhoneTooOften: "该手机号获取验证码过于频繁，请稍后再试",
  noVice: "还没绑定副手机",
  phoneTaken: "该手机号码已被其他用户绑定",
  saved: "保存成功",
  saveFailed: "保存失败"
} as const

export const captchaTooSoon = (seconds: number) => `请${seconds}秒后再获取验证码`

export type PhoneType = "main" | "vice"



export const isCaptchaFormat = (code: string): boolean => /^\d{4}$/.test(code)

/** A 4-digit code from a number the random port handed out. */
export const captchaCode = (n: number): string => String(Math.abs(Math.trunc(n)) % 10_000).padStart(CAPTCHA_LENGTH, "0")

export interface BoundPhones {
  readonly phoneMain: string | null
  readonly phoneVice: string | null
}

/** The number on the edit-phone page (main or vice) and when asking for a code: valid, and not one this user already has. */
export const newPhoneRefusal = (phone: string | undefined, bound: BoundPhones): RuleViolation | undefined => {
  const p = (phone ?? "").trim()
  return firstRefusal([
    [p !== "", messages.phoneMissing],
    [isMobilePhone(p), messages.phoneWrong],
    [p !== bound.phoneMain && p !== bound.phoneVice, messages.phoneNotNew]
  ])
}

/** Submitting the edit-phone page: the number, then a 4-digit code. */
export const phoneEditRefusal = (input: {
  readonly phone: string | undefined
  readonly captcha: string | undefined
  readonly bound: BoundPhones
}): RuleViolation | undefined =>
  newPhoneRefusal(input.phone, input.bound) ?? firstRefusal([[isCaptchaFormat((input.captcha ?? "").trim()), messages.captchaWrong]])


export interface IssuedCaptcha {
  readonly phone: string
  readonly code: string
  readonly issuedAt: Date
  readonly attempts: number
  readonly used: boolean
}

export const issueCaptcha = (phone: string, code: string, now: Date): IssuedCaptcha => ({
  phone,
  code,
  issuedAt: now,
  attempts: 0,
  used: false
})

export const isCaptchaExpired = (issued: Pick<IssuedCaptcha, "issuedAt">, now: Date): boolean =>
  now.getTime() - issued.issuedAt.getTime() > CAPTCHA_RULES.ttlMs

/**
 * Checks an entered code against the latest one sent to that phone. A code is good once, for 5 minutes,
 * within 5 tries; every try counts, so the caller stores `captcha` whatever the outcome.
 */
export const verifyCaptcha = (
  issued: IssuedCaptcha | undefined,
  entered: { readonly phone: string; readonly code: string },
  now: Date
): { readonly ok: boolean; readonly captcha: IssuedCaptcha | undefined } => {
  if (issued === undefined || issued.phone !== entered.phone) return { ok: false, captcha: issued }
  const usable = !issued.used && issued.attempts < CAPTCHA_RULES.maxAttempts && !isCaptchaExpired(issued, now)
  const ok = usable && issued.code === entered.code.trim()
  return { ok, captcha: { ...issued, attempts: issued.attempts + 1, used: issued.used || ok } }
}

/** Seconds left before the send button works again (0: it works now). */
export const resendCountdown = (lastSentAt: Date | undefined, now: Date, gapSeconds: number): number => {
  if (lastSentAt === undefined) return 0
  const leftMs = lastSentAt.getTime() + gapSeconds * 1000 - now.getTime()
  return leftMs > 0 ? Math.ceil(leftMs / 1000) : 0
}

const sinceDayStart = (history: ReadonlyArray<Date>, now: Date) =>
  history.filter((at) => sameShanghaiDay(at, now) && at.getTime() <= now.getTime()).length

const within = (history: ReadonlyArray<Date>, now: Date, windowMs: number) =>
  history.filter((at) => at.getTime() > now.getTime() - windowMs && at.getTime() <= now.getTime()).length

/**
 * Whether a code may be sent to a phone now, given when this account had codes sent to it before:
 * one per `gapSeconds` (90 on the edit page, 60 on complete-profile), and 10 per Shanghai day.
 */
export const captchaSendDecision = (
  history: ReadonlyArray<Date>,
  now: Date,
  gapSeconds: number
): LimitReached | undefined => {
  const last = history.reduce<Date | undefined>((latest, at) => (latest === undefined || at > latest ? at : latest), undefined)
  const wait = resendCountdown(last, now, gapSeconds)
  if (wait > 0) return new LimitReached({ message: captchaTooSoon(wait) })
  if (sinceDayStart(history, now) >= CAPTCHA_RULES.perPhonePerDay) return new LimitReached({ message: messages.captchaDaily })
  return undefined
}

/** Whether one more code may go to a phone, given when codes were sent to it for anyone: `perPhone` an hour. */
export const captchaPhoneDecision = (sentToPhone: ReadonlyArray<Date>, now: Date): LimitReached | undefined =>
  within(sentToPhone, now, CAPTCHA_RULES.perPhone.windowMs) >= CAPTCHA_RULES.perPhone.max ? new LimitReached({ message: messages.captchaPhoneTooOften }) : undefined

export interface CaptchaSenders {
  /** When this account had codes sent, to any phone (at least the last day). */
  readonly account: ReadonlyArray<Date>
  /** When codes were sent on requests from this client address, for any account (at least the last hour); none when unknown. */
  readonly address: ReadonlyArray<Date>
}

/** Whether this account and client address may have one more code sent, to any phone: against SMS pumping. */
export const captchaSenderDecision = (senders: CaptchaSenders, now: Date): LimitReached | undefined => {
  const { perAccount, perAccountPerDay, perAddress } = CAPTCHA_RULES
  if (within(senders.account, now, perAccount.windowMs) >= perAccount.max) return new LimitReached({ message: messages.captchaTooOften })
  if (sinceDayStart(senders.account, now) >= perAccountPerDay) return new LimitReached({ message: messages.captchaAccountDaily })
  if (within(senders.address, now, perAddress.windowMs) >= perAddress.max) return new LimitReached({ message: messages.captchaTooOften })
  return undefined
}

/** Binding a checked number as main or vice. */
export const bindPhone = (bound: BoundPhones, type: PhoneType, phone: string): BoundPhones =>
  type === "main" ? { ...bound, phoneMain: phone } : { ...bound, phoneVice: phone }

/** Unbinding the main phone promotes the vice; with no vice the user is left without a phone and must complete the profile again. */
export const unbindMainPhone = (bound: BoundPhones): { readonly phones: BoundPhones; readonly newMain: string | undefined } =>
  bound.phoneVice
    ? { phones: { phoneMain: bound.phoneVice, phoneVice: null }, newMain: bound.phoneVice }
    : { phones: { phoneMain: null, phoneVice: null }, newMain: undefined }

export const unbindVicePhone = (bound: BoundPhones): BoundPhones | RuleViolation =>
  bound.phoneVice ? { ...bound, phoneVice: null } : new RuleViolation({ message: messages.noVice })
