/** `/myCircle/:token`: the owner's circle items, with the circle's tab bar (我的 current). */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { CircleTabs } from "../../features/circle/components/circle-tabs"
import { MyCircle } from "../../features/circle/components/my-circle"
import { memberViewer } from "../../features/circle/state/viewer"
import { adoptRouteToken } from "../../lib/session"
import "../../features/circle/circle.css"

export const MyCircleRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="我的圈子" className="page--tabbed">
      <UserGate token={token || undefined}>{(user) => <MyCircle viewer={memberViewer(user.openid, token)} />}</UserGate>
      {token ? <CircleTabs current="myCircle" token={token} /> : null}
    </Page>
  )
}
