/** `/paotuiApply/:token`: apply to run errands. */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { RunnerApply } from "../../features/runner/components/runner-apply"
import { adoptRouteToken } from "../../lib/session"

export const PaotuiApplyRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="申请跑腿">
      <UserGate token={token}>{(user, reload) => <RunnerApply user={user} token={token ?? ""} reload={reload} />}</UserGate>
    </Page>
  )
}
