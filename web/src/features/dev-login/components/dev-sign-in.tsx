/**
 * The fake messaging app: pick a demo user, get a token, open that user's page. Opened by the fake's authorisation
 * (a shared link), it carries the request through instead: the pick goes back to the authorisation with the person's
 * openid, and someone who does not follow the official account can be picked too. Asked for the profile
 * (snsapi_userinfo), it says so, as the real app asks the person's consent.
 */
import { List, Tag, Toast } from "antd-mobile"
import { useLocation, useSearch } from "wouter"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { keepToken, tokenPath } from "../../../lib/session"
import { useDevToken } from "../api/dev-token"
import { useDevUsers, type DevUser } from "../api/dev-users"

const roleNames: Record<string, string> = { student: "学生", runner: "跑腿", staff: "驿站员工", admin: "管理员" }
const roleColors: Record<string, string> = { student: "primary", runner: "warning", staff: "success", admin: "danger" }

/** Staff land on the check-in screen; everyone else on their Me page. */
const landingOf = (user: DevUser, token: string) =>
  user.role === "staff" ? `/warehousing/${tokenPath(token)}` : `/my/${tokenPath(token)}`

/** An openid the demo campus has no user for: someone who opened a shared link without following. */
const VISITOR = "demo-visitor"

export const DevSignIn = () => {
  const users = useDevUsers()
  const { signIn, pending } = useDevToken()
  const [, navigate] = useLocation()
  const query = new URLSearchParams(useSearch())
  const authorizing = query.has("redirect_uri") && query.has("state")
  // snsapi_userinfo: the real app asks the person to let it give their profile
  const askingProfile = query.get("scope") === "snsapi_userinfo"
  const authorize = (openid: string) => {
    const back = new URLSearchParams({ redirect_uri: query.get("redirect_uri") ?? "", state: query.get("state") ?? "", scope: query.get("scope") ?? "snsapi_base", openid })
    window.location.assign(`/auth/dev/authorize?${back}`)
  }

  const choose = async (user: DevUser) => {
    if (authorizing) return authorize(user.openid)
    try {
      const token = await signIn(user.openid)
      keepToken(token)
      navigate(landingOf(user, token))
    } catch (error) {
      Toast.show({ content: failureMessage(error, "登录失败"), icon: "fail" })
    }
  }

  if (users.loading) return <Loading />
  if (users.error || !users.data) return <LoadFailed error={users.error} fallback="获取演示用户失败" onRetry={users.reload} />
  return (
    <List header={!authorizing ? "选择一个演示用户进入" : askingProfile ? "授权获取昵称、性别：选择一个演示用户" : "授权登录：选择一个演示用户"} className="dev-users">
      {users.data.map((user) => (
        <List.Item
          key={user.openid}
          data-testid={`dev-user-${user.openid}`}
          onClick={() => void choose(user)}
          disabled={pending !== undefined}
          description={typeof user.worksite === "string" && user.worksite !== "" ? `${user.openid} · ${user.worksite}` : user.openid}
          extra={<Tag color={roleColors[user.role] ?? "default"} fill="outline">{roleNames[user.role] ?? user.role}</Tag>}
        >
          <span data-testid="dev-user-name">{user.name}</span>
        </List.Item>
      ))}
      {authorizing ? (
        <List.Item key={VISITOR} data-testid={`dev-user-${VISITOR}`} onClick={() => authorize(VISITOR)} description={VISITOR}>
          <span data-testid="dev-user-name">访客（未关注公众号）</span>
        </List.Item>
      ) : null}
    </List>
  )
}
