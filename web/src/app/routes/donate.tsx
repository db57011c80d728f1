/** `/donate/:token`: give 1 fen. */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { DonatePage } from "../../features/support/components/donate-page"
import { adoptRouteToken } from "../../lib/session"

export const DonateRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="捐赠">
      <UserGate token={token}>{() => <DonatePage />}</UserGate>
    </Page>
  )
}
