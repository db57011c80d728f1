/** `/deposit/:token`: top up the SMS credit of a worksite. */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { DepositPage } from "../../features/support/components/deposit-page"
import { adoptRouteToken } from "../../lib/session"

export const DepositRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="短信充值">
      <UserGate token={token}>{(user) => <DepositPage user={user} />}</UserGate>
    </Page>
  )
}
