/** `/expressTotakeList/:status/:token`: the receiver's parcels, by tab (ing, complete, toreturn, returned). */
import { Page } from "../../components/page"
import { ParcelListPage } from "../../features/parcel-list/components/parcel-list-page"
import { adoptRouteToken } from "../../lib/session"

export const ExpressTotakeListRoute = (props: { readonly params: { readonly status?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="我的快递">
      <ParcelListPage tab={props.params.status ?? "ing"} token={token} />
    </Page>
  )
}
