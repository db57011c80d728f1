/** `/userInfo/:platform/:token`: personal info; back goes to Me for the express platform. */
import { useLocation } from "wouter"
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { PersonalInfo } from "../../features/profile/components/personal-info"
import { adoptRouteToken, tokenPath } from "../../lib/session"

export const UserInfoRoute = (props: { readonly params: { readonly platform?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const platform = props.params.platform === "live" ? "live" : "express"
  const [, navigate] = useLocation()
  return (
    <Page title="个人信息" onBack={platform === "express" && token ? () => navigate(`/my/${tokenPath(token)}`) : undefined}>
      <UserGate token={token}>
        {(user, reload) => <PersonalInfo user={user} token={token ?? ""} platform={platform} reload={reload} />}
      </UserGate>
    </Page>
  )
}
