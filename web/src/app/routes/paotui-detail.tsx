/** `/paotuiDetail/:id/:token`: an errand order's page with its timeline, for its requester and its runner. */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { OrderDetail } from "../../features/errand/components/order-detail"
import { adoptRouteToken } from "../../lib/session"

export const PaotuiDetailRoute = (props: { readonly params: { readonly id?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const id = props.params.id ?? ""
  return (
    <Page title="跑腿订单详情">
      <UserGate token={token}>{(user) => <OrderDetail key={id} id={id} token={token ?? ""} user={user} />}</UserGate>
    </Page>
  )
}
