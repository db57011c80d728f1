/** `/circleShareList/:token`: the market with its type filters, with the circle's tab bar (集市 current). */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { CircleTabs } from "../../features/circle/components/circle-tabs"
import { ItemFeed } from "../../features/circle/components/item-feed"
import { memberViewer } from "../../features/circle/state/viewer"
import { adoptRouteToken, tokenPath } from "../../lib/session"
import { Link } from "wouter"
import "../../features/circle/circle.css"

export const CircleShareListRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="校园集市" className="page--tabbed"
      right={token ? <Link href={`/circleType/-1/${tokenPath(token)}`} className="nav-link circle-nav-link" data-testid="circle-publish">发布</Link> : null}>
      <UserGate token={token || undefined}>{(user) => <ItemFeed viewer={memberViewer(user.openid, token)} />}</UserGate>
      {token ? <CircleTabs current="circleShareList" token={token} /> : null}
    </Page>
  )
}
