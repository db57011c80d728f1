/**
 * `/orderSuccess`: the requester's view of the order just placed: 'order placed' (or 'to pay' while unpaid,
 * with pay now), then its progress as it moves (live on the lifecycle events), the order with its actions,
 * and the way to the list.
 */
import { Button, Result, Steps } from "antd-mobile"
import { useLocation } from "wouter"
import { ErrandStatus } from "#src/errand/status-machine"
import { LoadFailed, Loading } from "../../../components/load-state"
import { tokenPath } from "../../../lib/session"
import { useLoad } from "../../../lib/use-load"
import { fetchUserInfo } from "../../../lib/user-info"
import { useLiveList } from "../../../lib/socket"
import { fetchBuildings, ORDER_EVENTS, useOrder } from "../api/errand"
import { OrderCard } from "./order-card"
import "../errand.css"

const E = ErrandStatus
const steps = [
  { title: "已下单", at: E.awaitingAcceptance }, { title: "已接单", at: E.accepted }, { title: "已取件", at: E.collected },
  { title: "已送达", at: E.delivered }, { title: "已完成", at: E.completed }
] as const
/** A door pickup (type 2): handed over at the door, confirmed by the runner (freight and the station follow), sent out. */
const pickupSteps = [
  { title: "已下单", at: E.awaitingAcceptance }, { title: "已接单", at: E.accepted }, { title: "已交件", at: E.collected },
  { title: "跑腿已确认", at: E.delivered }, { title: "已出库", at: E.completed }
] as const
const stepsOf = (type: number) => (type === 2 ? pickupSteps : steps)

/** The step the order has reached (cancelled and unpaid orders show no progress). */
export const stepOf = (status: number, type = 1): number => stepsOf(type).reduce((reached, s, i) => (status >= s.at ? i : reached), 0)

export const OrderSuccess = (props: { readonly id: string; readonly token: string | undefined }) => {
  const [, navigate] = useLocation()
  const order = useOrder(props.id, props.token)
  const buildings = useLoad(props.token ? async () => {
    const user = await fetchUserInfo()
    return user.worksite ? fetchBuildings(user.worksite._id) : []
  } : undefined, [props.token])
  const token = tokenPath(props.token ?? "")
  useLiveList(props.token, ORDER_EVENTS, order.reload)
  if (order.loading && !order.data) return <Loading />
  if (order.error || !order.data) return <LoadFailed error={order.error} fallback="获取订单信息失败" onRetry={order.reload} />
  const o = order.data
  return (
    <div className="errand-success">
      {o.status === E.awaitingPayment ? (
        <Result data-testid="order-success" status="waiting" title="下单成功，待支付" description="请在30分钟内完成支付，超时订单将自动取消" />
      ) : o.status === E.cancelled ? (
        <Result data-testid="order-success" status="info" title="订单已取消" description="已支付的跑腿费将原路退回" />
      ) : o.status === E.awaitingAcceptance ? (
        <Result data-testid="order-success" status="success" title="下单成功" description={o.type === 2 ? "跑腿员接单后会按预约时间上门取件" : "跑腿员接单后会尽快为您送货上门"} />
      ) : (
        <div className="errand-progress" data-testid="order-progress">
          <Steps current={stepOf(o.status, o.type)}>
            {stepsOf(o.type).map((s) => <Steps.Step key={s.at} title={s.title} />)}
          </Steps>
        </div>
      )}
      <OrderCard order={o} viewer="requester" token={token} buildings={buildings.data} onChanged={order.reload} detailLink={false} />
      <div className="errand-form__actions">
        <Button block data-testid="order-view" onClick={() => navigate(`/robbingList/1/ing/${token}`)}>查看我发布的订单</Button>
        {o.type === 2
          ? <Button block fill="none" data-testid="order-send-list" onClick={() => navigate(`/expressSendList/ing/${token}`)}>查看我的寄件</Button>
          : <Button block fill="none" onClick={() => navigate(`/expressTotakeList/ing/${token}`)}>返回我的快递</Button>}
      </div>
    </div>
  )
}
