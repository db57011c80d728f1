/** `/proxyGet/:toTakeId/:token`: choose a friend to pick the parcel up. */
import { Page } from "../../components/page"
import { ProxyGetPage } from "../../features/proxy/components/proxy-get-page"
import { adoptRouteToken } from "../../lib/session"

export const ProxyGetRoute = (props: { readonly params: { readonly toTakeId?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="找人代取">
      <ProxyGetPage toTakeId={props.params.toTakeId ?? ""} token={token} />
    </Page>
  )
}
