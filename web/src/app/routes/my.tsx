/** `/my/:token`: the Me page. */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { MePage } from "../../features/me/components/me-page"
import { adoptRouteToken } from "../../lib/session"

export const MyRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="个人中心" back={false} className="page--tabbed">
      <UserGate token={token}>{(user, reload) => <MePage user={user} token={token ?? ""} reload={reload} />}</UserGate>
    </Page>
  )
}
