/** `/expressTimeline/:expressId/:token`: one parcel's detail with its timeline, from the receiver's parcel cards. */
import { Page } from "../../components/page"
import { ParcelTimelineView } from "../../features/parcel-list/components/parcel-timeline"
import { adoptRouteToken } from "../../lib/session"

export const ExpressTimelineRoute = (props: { readonly params: { readonly expressId?: string; readonly token?: string } }) => {
  adoptRouteToken(props.params.token)
  return (
    <Page title="快递详情">
      <ParcelTimelineView id={props.params.expressId ?? ""} />
    </Page>
  )
}
