/** `/circleDiscovery/:token`: the circle's discovery home, with the circle's tab bar (发现 current). */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { CircleTabs } from "../../features/circle/components/circle-tabs"
import { Discovery } from "../../features/circle/components/discovery"
import { memberViewer } from "../../features/circle/state/viewer"
import { adoptRouteToken } from "../../lib/session"
import "../../features/circle/circle.css"

export const CircleDiscoveryRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="发现" className="page--tabbed">
      <UserGate token={token || undefined}>{(user) => <Discovery viewer={memberViewer(user.openid, token)} />}</UserGate>
      {token ? <CircleTabs current="circleDiscovery" token={token} /> : null}
    </Page>
  )
}
