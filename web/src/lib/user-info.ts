/** The signed-in messaging-app user (`GET /api/user/wxuserInfo`), kept for the session. */
import { Schema } from "effect"
import { UserView, WxUserInfo } from "#src/profile/calls"
import { send } from "./api-client"
import { cacheUser, cachedUser } from "./session"
import { useLoad } from "./use-load"

export type UserInfo = UserView

/** A switch of the answer, absent meaning off. */
export const isOn = (flag: boolean | null | undefined): boolean => flag === true

export const USER_INFO_FAILED = "获取用户信息失败"

const encodeUser = Schema.encodeSync(UserView)
const decodeCached = Schema.decodeUnknownOption(UserView)

export const fetchUserInfo = async (): Promise<UserInfo> => {
  const user = await send(WxUserInfo, "/api/user/wxuserInfo")
  cacheUser(encodeUser(user))
  return user
}

/** The user info cached for this session, if any, before the fresh copy arrives. */
export const sessionUser = (): UserInfo | undefined => {
  const cached = decodeCached(cachedUser())
  return cached._tag === "Some" ? cached.value : undefined
}

export const useUserInfo = (token: string | undefined) => useLoad(token ? fetchUserInfo : undefined, [token])
