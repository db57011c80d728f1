/**
 * `/circleDetail/:id/:param`: a param longer than 32 characters is the follower's session token; otherwise it is a
 * visitor's openid, which is never adopted as the session (the visitor's calls go without one).
 */
import { isSessionParam } from "#src/circle/display"
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { ItemDetailPage } from "../../features/circle/components/item-detail"
import { memberViewer, visitorViewer } from "../../features/circle/state/viewer"
import { adoptRouteToken } from "../../lib/session"
import "../../features/circle/circle.css"

export const CircleDetailRoute = (props: { readonly params: { readonly id?: string; readonly param?: string } }) => {
  const id = props.params.id ?? ""
  const param = props.params.param ?? ""
  if (!isSessionParam(param)) {
    return (
      <Page title="圈子详情" back={false}>
        <ItemDetailPage id={id} viewer={visitorViewer(param)} />
      </Page>
    )
  }
  const token = adoptRouteToken(param) ?? ""
  return (
    <Page title="圈子详情">
      <UserGate token={token}>{(user) => <ItemDetailPage id={id} viewer={memberViewer(user.openid, token)} />}</UserGate>
    </Page>
  )
}
