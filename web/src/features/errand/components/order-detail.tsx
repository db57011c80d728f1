/**
 * `/paotuiDetail`: one errand order for its requester or its runner: the card with the actions the viewer may take
 * (the runner's with who and where), then the timeline of its steps (placed, paid, accepted, collected, delivered,
 * completed, rated; cancelled and refunded where it happened); live on the lifecycle events.
 */
import { OrderTimeline } from "../../../components/order-timeline"
import { LoadFailed, Loading } from "../../../components/load-state"
import { tokenPath } from "../../../lib/session"
import { useLoad } from "../../../lib/use-load"
import type { UserInfo } from "../../../lib/user-info"
import { useLiveList } from "../../../lib/socket"
import { fetchTimeline, ORDER_EVENTS } from "../api/errand"
import { OrderCard, type Viewer } from "./order-card"
import "../errand.css"

export const OrderDetail = (props: { readonly id: string; readonly token: string; readonly user: UserInfo }) => {
  const detail = useLoad(() => fetchTimeline(props.id), [props.id])
  useLiveList(props.token, ORDER_EVENTS, detail.reload)
  if (detail.loading && !detail.data) return <Loading />
  if (detail.error || !detail.data) return <LoadFailed error={detail.error} fallback="获取跑腿单信息失败" onRetry={detail.reload} />
  const o = detail.data.order
  const viewer: Viewer = o.acceptOpenid === props.user.openid ? "runner" : o.openid === props.user.openid ? "requester" : "hall"
  return (
    <div className="errand-detail" data-testid="errand-detail">
      <OrderCard order={o} viewer={viewer} token={tokenPath(props.token)} onChanged={detail.reload} detailLink={false} />
      <OrderTimeline title="订单进度" steps={detail.data.steps} />
    </div>
  )
}
