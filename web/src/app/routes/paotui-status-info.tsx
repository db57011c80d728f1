/** `/paotuiStatusInfo/:token`: today's door deliveries per building of the leader's worksite. */
import { Page } from "../../components/page"
import { BuildingStatusTable } from "../../features/errand-team/components/building-status"
import { adoptRouteToken } from "../../lib/session"

export const PaotuiStatusInfoRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="楼栋跑腿情况">
      <BuildingStatusTable token={token} />
    </Page>
  )
}
