/** Shows a screen once the signed-in user is loaded; without a session token it says where to come in from. */
import type { ReactNode } from "react"
import { USER_INFO_FAILED, useUserInfo, type UserInfo } from "../lib/user-info"
import { LoadFailed, Loading } from "./load-state"

export const UserGate = (props: {
  readonly token: string | undefined
  readonly children: (user: UserInfo, reload: () => void) => ReactNode
}) => {
  const user = useUserInfo(props.token)
  if (!props.token) return <LoadFailed error={undefined} fallback="请从公众号菜单进入" />
  if (user.error) return <LoadFailed error={user.error} fallback={USER_INFO_FAILED} onRetry={user.reload} />
  if (!user.data) return <Loading />
  return <>{props.children(user.data, user.reload)}</>
}
