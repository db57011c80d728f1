/**
 * Sign-in calls (spec 000 §7): the password-sealing key, staff binding, the employee behind an openid, the
 * messaging app's scanner config and the development sign-in; each request and answer as one Schema.
 */
import { Schema } from "effect"
import { call, callBeside, Loose, Text } from "../shared/wire"
import type { Employee } from "./employee"

/** The typed password: sealed with its nonce as JSON it must still fit one RSA-OAEP-SHA256 block (190 bytes). */
export const PASSWORD_MAX_LENGTH = 32

/** The sealed password on the wire: base64 of one RSA block (344 characters for a 2048-bit key). */
export const SEALED_PASSWORD_MAX_LENGTH = 1024

/** A page URL the scanner config is signed for. */
export const PAGE_URL_MAX_LENGTH = 2048

export const messages = {
  urlWrong: "url 不正确",
  openidRequired: "openid 不能为空",
  userNotFound: "获取用户信息失败"
} as const

export const EmployeeView = Schema.Struct({
  _id: Schema.String,
  nameZH: Schema.String,
  phone: Schema.String,
  openid: Schema.NullOr(Schema.String),
  servicePhone: Schema.String,
  worksite: Schema.Struct({
    _id: Schema.String,
    siteCode: Schema.String,
    shortName: Schema.String,
    schoolCampus: Schema.String,
    nameZH: Schema.String,
    smsAble: Schema.Boolean,
    serviceBegin: Schema.String,
    serviceEnd: Schema.String,
    expressCompanies: Schema.Array(Schema.String),
    /** SMS the worksite may still send. */
    smsCredit: Schema.Int
  })
})
export type EmployeeView = typeof EmployeeView.Type

/** What the client sees of an employee: never the password hash. */
export const employeeView = (e: Employee): EmployeeView => ({
  _id: e.id,
  nameZH: e.nameZH,
  phone: e.phone,
  openid: e.openid,
  servicePhone: e.worksite.servicePhone,
  worksite: {
    _id: e.worksite.id,
    siteCode: e.worksite.siteCode,
    shortName: e.worksite.shortName,
    schoolCampus: e.worksite.schoolCampus,
    nameZH: e.worksite.nameZH,
    smsAble: e.worksite.smsAble,
    serviceBegin: e.worksite.serviceBegin,
    serviceEnd: e.worksite.serviceEnd,
    expressCompanies: e.worksite.expressCompanies,
    smsCredit: e.worksite.smsCredit
  }
})

/** `GET /auth/employee/publicKey`: the key the password is sealed with and a single-use nonce. */
export const PublicKey = call(Schema.Struct({}), Schema.Struct({ publicKey: Schema.String, nonce: Schema.String }))

/**
 * `GET /auth/employee/wxlogin?phone&password&openid`: binds the caller to the employee. The answer's fields sit
 * beside `success`: the new session `token` and the employee as `data`. The phone is read as any short text so a
 * wrong one gets the spec's message.
 */
export const BindEmployee = callBeside(
  Schema.Struct({ phone: Text(), password: Text(SEALED_PASSWORD_MAX_LENGTH), openid: Text() }),
  Schema.Struct({ token: Schema.String, data: EmployeeView })
)

/** `GET /auth/employee/getByOpen/{openid}`: the employee bound to an openid, as `user` beside `success`. */
export const EmployeeByOpenid = callBeside(Schema.Struct({ openid: Text() }), Schema.Struct({ user: EmployeeView }))

/** `GET /auth/employee/getByUnionid/{unionid}`: the employee of the person with this unionid, as `user` beside `success` (like getByOpen). */
export const EmployeeByUnionid = callBeside(Schema.Struct({ unionid: Text() }), Schema.Struct({ user: EmployeeView }))

const readPageUrl = (value: unknown): string | undefined =>
  typeof value === "string" && /^https?:\/\//.test(value) ? value : undefined

/** `GET /api/wx/jsconfig?url=`: the messaging app's JS-SDK config signed for an http(s) page URL. */
export const ScannerConfig = call(
  Schema.Struct({ url: Loose(readPageUrl, Schema.UndefinedOr(Schema.String.check(Schema.isMaxLength(PAGE_URL_MAX_LENGTH)))) }),
  Schema.Struct({
    appId: Schema.String,
    timestamp: Schema.Int,
    nonceStr: Schema.String,
    signature: Schema.String,
    jsApiList: Schema.Array(Schema.String)
  })
)

export const DevUser = Schema.Struct({ openid: Schema.String, role: Schema.String, name: Schema.String, worksite: Schema.NullOr(Schema.String) })
export type DevUser = typeof DevUser.Type

/** `GET /auth/dev/users` (development only): the demo users the sign-in picker offers. */
export const DevUsers = call(Schema.Struct({}), Schema.Array(DevUser))

/** `POST /auth/dev/token { openid }` (development only): a session for a demo user, as `token` beside `success`. */
export const DevToken = callBeside(Schema.Struct({ openid: Text() }), Schema.Struct({ token: Schema.String }))
