/** `/serviceHelp/:token`: customer service, a tab of the footer. */
import { Page } from "../../components/page"
import { FooterTabs } from "../../components/tab-bar"
import { UserGate } from "../../components/user-gate"
import { ServiceHelp } from "../../features/service-help/components/service-help"
import { adoptRouteToken } from "../../lib/session"

export const ServiceHelpRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="客服中心" back={false} className="page--tabbed">
      <UserGate token={token}>{(user) => <ServiceHelp user={user} />}</UserGate>
      {token ? <FooterTabs current="serviceHelp" token={token} /> : null}
    </Page>
  )
}
