/** `/active/:id/:token`: an announcement. */
import { Page } from "../../components/page"
import { ActivityDetailPage } from "../../features/activity/components/activity-detail"
import { adoptRouteToken } from "../../lib/session"

export const ActiveRoute = (props: { readonly params: { readonly id?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="活动详情">
      <ActivityDetailPage id={props.params.id} token={token} />
    </Page>
  )
}
