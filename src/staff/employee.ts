/** Station staff: back-office employees bound to a messaging-app openid, and the bind checks. */
import { PHONE_LENGTH } from "../shared/phone-number"
import { firstRefusal, StateConflict, type RuleViolation } from "../shared/errors"
import type { Worksite } from "./worksite"

export interface Employee {
  readonly id: string
  readonly phone: string
  readonly nameZH: string
  readonly openid: string | null
  readonly passwordHash: string
  readonly worksite: Worksite
}

export const messages = {
  phoneRequired: "电话号码不能为空",
  phoneFormat: "电话号码格式不对",
  passwordRequired: "密码不能为空",
  wrongCredentials: "手机号码或者密码错误",
  notBound: "请先绑定后台操作用户",
  boundElsewhere: "该后台账号已绑定其他微信用户",
  // the spec is silent: one person has one back-office account (docs/decisions.md)
  callerBoundElsewhere: "你的微信已绑定其他后台账号",
  tooManyAttempts: "密码错误次数过多，请15分钟后再试",
  notYourOpenid: "只能绑定当前登录的微信用户",
  otherWorksite: "只能操作本站点的快递"
} as const

/**
 * Whether the caller may take this back-office account: nobody else holds it, and the caller holds no other one (an
 * account again from the same openid is fine).
 */
export const bindingRefusal = (employee: Pick<Employee, "id" | "openid">, openid: string, callersAccount: Pick<Employee, "id"> | undefined): StateConflict | undefined => {
  if (employee.openid !== null && employee.openid !== openid) return new StateConflict({ message: messages.boundElsewhere })
  if (callersAccount !== undefined && callersAccount.id !== employee.id) return new StateConflict({ message: messages.callerBoundElsewhere })
  return undefined
}

export const LOGIN_ATTEMPTS = { max: 5, windowMs: 15 * 60 * 1000 } as const

export const bindRefusal = (input: { readonly phone?: string | undefined; readonly password?: string | undefined }): RuleViolation | undefined =>
  firstRefusal([
    [(input.phone ?? "") !== "", messages.phoneRequired],
    [(input.phone ?? "").length === PHONE_LENGTH, messages.phoneFormat],
    [(input.password ?? "") !== "", messages.passwordRequired]
  ])

/** The plaintext the browser encrypts: the password and the server's single-use nonce. */
export const sealedPassword = (password: string, nonce: string) => JSON.stringify({ password, nonce })

export const openSealedPassword = (plain: string): { password: string; nonce: string } | undefined => {
  try {
    const parsed: unknown = JSON.parse(plain)
    if (typeof parsed !== "object" || parsed === null) return undefined
    const { password, nonce } = parsed as Record<string, unknown>
    return typeof password === "string" && typeof nonce === "string" ? { password, nonce } : undefined
  } catch {
    return undefined
  }
}
