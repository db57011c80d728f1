/** The signed-in messaging-app user (`GET /api/user/wxuserInfo`), kept for the session. */
import { Schema } from "effect"
import { dataDecoder, request } from "./api-client"
import { cacheUser, cachedUser } from "./session"
import { useLoad } from "./use-load"

export const UserInfo = Schema.Struct({
  _id: Schema.String,
  openid: Schema.String,
  nickname: Schema.optional(Schema.NullOr(Schema.String)),
  realname: Schema.optional(Schema.NullOr(Schema.String)),
  role: Schema.optional(Schema.String),
  money: Schema.Number,
  activeScore: Schema.Number
})
export type UserInfo = typeof UserInfo.Type

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
