/** `/circleEdit/:bizType/:goodsType/:id/:token`: the market form (id −1 a new item), then its share image. */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { MarketFormPage, marketFormTitle } from "../../features/circle/components/market-form"
import { adoptRouteToken } from "../../lib/session"
import "../../features/circle/circle.css"

export const CircleEditRoute = (props: {
  readonly params: { readonly bizType?: string; readonly goodsType?: string; readonly id?: string; readonly token?: string }
}) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  const bizType = Number(props.params.bizType ?? -1)
  const goodsType = Number(props.params.goodsType ?? -1)
  const id = props.params.id ?? "-1"
  return (
    <Page title={id === "-1" ? marketFormTitle(bizType, goodsType) : "编辑"}>
      <UserGate token={token || undefined}>
        {(user) => <MarketFormPage key={id} user={user} token={token} bizType={bizType} goodsType={goodsType} id={id} />}
      </UserGate>
    </Page>
  )
}
