/** `/cancelPaotuiAccept/:orderNo/:paotuiType/:token`: the runner gives an accepted order up. */
import { Page } from "../../components/page"
import { CancelAccept } from "../../features/errand/components/cancel-accept"
import { adoptRouteToken } from "../../lib/session"

export const CancelPaotuiAcceptRoute = (props: { readonly params: { readonly orderNo?: string; readonly paotuiType?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="取消接单">
      <CancelAccept orderNo={props.params.orderNo ?? ""} paotuiType={props.params.paotuiType ?? "1"} token={token} />
    </Page>
  )
}
