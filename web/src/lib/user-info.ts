/** The signed-in messaging-app user (`GET /api/user/wxuserInfo`), kept for the session. */
import { Schema } from "effect"
import { dataDecoder, request } from "./api-client"
import { cacheUser, cachedUser } from "./session"
import { useLoad } from "./use-load"

const Text = Schema.optional(Schema.NullOr(Schema.String))
/** A switch the server may send as a boolean or as 0/1. */
const Flag = Schema.optional(Schema.NullOr(Schema.Union([Schema.Boolean, Schema.Number])))

export const UserWorksite = Schema.Struct({
  _id: Schema.String,
  fullName: Text,
  shortName: Text,
  schoolCampus: Text,
  schoolCode: Text,
  siteCode: Text,
  servicePhone: Text,
  paotuiAble: Flag,
  paotuiApplyAble: Flag,
  paotuiApplyNeedInvitation: Flag
})
export type UserWorksite = typeof UserWorksite.Type

/** Every field past the wallet's is optional, so an older server's shorter answer still decodes. */
export const UserInfo = Schema.Struct({
  _id: Schema.String,
  openid: Schema.String,
  unionid: Text,
  nickname: Text,
  realname: Text,
  sex: Schema.optional(Schema.NullOr(Schema.Literals([0, 1, 2]))),
  headimgBase64: Text,
  phoneMain: Text,
  phoneVice: Text,
  idCardNo: Text,
  idCardUrl: Text,
  studentCardUrl: Text,
  authStatus: Schema.optional(Schema.NullOr(Schema.Literals([-1, 0, 1, 2]))),
  rejectComment: Text,
  paotuiStatus: Schema.optional(Schema.NullOr(Schema.Literals([-1, 0, 1, 2]))),
  isPaotuiLeader: Flag,
  paotuiLeader: Schema.optional(Schema.Unknown),
  invitation: Text,
  isXYTAdmin: Flag,
  pickupAble: Flag,
  creditScore: Schema.optional(Schema.NullOr(Schema.Number)),
  activeScore: Schema.Number,
  money: Schema.Number,
  newPaotuiOrderRemind: Flag,
  subscribeTime: Schema.optional(Schema.NullOr(Schema.Union([Schema.String, Schema.Number]))),
  role: Schema.optional(Schema.String),
  worksite: Schema.optional(Schema.NullOr(UserWorksite))
})
export type UserInfo = typeof UserInfo.Type

/** A switch as sent (boolean or 0/1, absent meaning off). */
export const isOn = (flag: boolean | number | null | undefined): boolean => flag === true || (typeof flag === "number" && flag !== 0)

export const USER_INFO_FAILED = "获取用户信息失败"

const decodeUserInfo = dataDecoder(UserInfo)
const decodeCached = Schema.decodeUnknownOption(UserInfo)

export const fetchUserInfo = async (): Promise<UserInfo> => {
  const user = await request("/api/user/wxuserInfo", decodeUserInfo)
  cacheUser(user)
  return user
}

/** The user info cached for this session, if any, before the fresh copy arrives. */
export const sessionUser = (): UserInfo | undefined => {
  const cached = decodeCached(cachedUser())
  return cached._tag === "Some" ? cached.value : undefined
}

export const useUserInfo = (token: string | undefined) => useLoad(token ? fetchUserInfo : undefined, [token])
