/** The personal-info edit pages (real name, nickname, sex) and the name the Me page shows. */
import { firstRefusal, type RuleViolation } from "../shared/errors"

export const Sex = { unknown: 0, male: 1, female: 2 } as const
export type Sex = (typeof Sex)[keyof typeof Sex]

export const NICKNAME_SHOWN_CHARS = 4

/** The longest nickname and real name the edit pages take (a real name with '·' runs long). */
export const NICKNAME_MAX = 32
export const REALNAME_MAX = 30

export const messages = {
  realnameRequired: "真实姓名不能为空",
  nicknameRequired: "昵称不能为空",
  sexRequired: "请选择性别",
  saved: "保存成功",
  saveFailed: "保存失败"
} as const

const filled = (s: string | undefined) => (s ?? "").trim() !== ""

export const realnameRefusal = (realname: string | undefined): RuleViolation | undefined =>
  firstRefusal([[filled(realname), messages.realnameRequired]])

export const nicknameRefusal = (nickname: string | undefined): RuleViolation | undefined =>
  firstRefusal([[filled(nickname), messages.nicknameRequired]])

export const sexRefusal = (sex: number | undefined): RuleViolation | undefined =>
  firstRefusal([[sex === Sex.male || sex === Sex.female, messages.sexRequired]])

/** The real name, or else the nickname cut to 4 characters. */
export const displayName = (user: { readonly realname: string | null; readonly nickname: string | null }): string =>
  user.realname?.trim() || Array.from(user.nickname ?? "").slice(0, NICKNAME_SHOWN_CHARS).join("")
