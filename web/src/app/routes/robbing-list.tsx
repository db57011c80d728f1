/** `/robbingList/:type/:status/:token`: the orders one published (type 1) or accepted (type 2); runners only for type 2. */
import { Redirect } from "wouter"
import { RUNNER_APPLY_PATH } from "#src/errand/grab"
import { mayTakeErrands } from "#src/profile/runner-application"
import { teamOf } from "#src/errand/transfer"
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { listStatusOf, OrderList } from "../../features/errand/components/order-list"
import { adoptRouteToken, tokenPath } from "../../lib/session"
import type { UserInfo } from "../../lib/user-info"

/** A runner's team (a leader's own, or their leader's), for handing orders over; none without a leader. */
const teamFor = (user: UserInfo) => {
  const leaderId = teamOf({ id: user._id, isPaotuiLeader: user.isPaotuiLeader, paotuiLeader: user.paotuiLeader ?? null })
  return leaderId ? { leaderId, selfId: user._id } : undefined
}

export const RobbingListRoute = (props: { readonly params: { readonly type?: string; readonly status?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const type = props.params.type === "2" ? "2" : "1"
  return (
    <Page title={type === "2" ? "我接的单" : "我发布的"}>
      <UserGate token={token}>{(user) => type === "2" && !mayTakeErrands(user)
        ? <Redirect to={`${RUNNER_APPLY_PATH}/${tokenPath(token ?? "")}`} replace />
        : <OrderList type={type} status={listStatusOf(props.params.status)} token={token ?? ""} worksiteId={user.worksite?._id} team={teamFor(user)} />}
      </UserGate>
    </Page>
  )
}
