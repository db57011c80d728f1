/** `/paotuiLeaderSign/:paotuiId/:token`: a leader marks an unfinished order delivered. */
import { Page } from "../../components/page"
import { LeaderSign } from "../../features/errand/components/leader-sign"
import { adoptRouteToken } from "../../lib/session"

export const PaotuiLeaderSignRoute = (props: { readonly params: { readonly paotuiId?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const id = props.params.paotuiId ?? ""
  return (
    <Page title="跑腿单签收">
      <LeaderSign key={id} id={id} token={token} />
    </Page>
  )
}
