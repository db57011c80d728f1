/** The fake messaging app: pick a demo user, get a token, open that user's page. */
import { List, Tag, Toast } from "antd-mobile"
import { useLocation } from "wouter"
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

export const DevSignIn = () => {
  const users = useDevUsers()
  const { signIn, pending } = useDevToken()
  const [, navigate] = useLocation()

  const choose = async (user: DevUser) => {
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
    <List header="选择一个演示用户进入" className="dev-users">
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
    </List>
  )
}
