/** `/expressQrcode/:expressId/:token`: the receiver's pickup QR for one parcel. */
import { Page } from "../../components/page"
import { PickupCodeCard } from "../../features/pickup-code/components/pickup-code-card"
import { adoptRouteToken } from "../../lib/session"

export const ExpressQrcodeRoute = (props: { readonly params: { readonly expressId?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const id = props.params.expressId ?? ""
  return (
    <Page title="取件码">
      <PickupCodeCard key={id} id={id} token={token} />
    </Page>
  )
}
