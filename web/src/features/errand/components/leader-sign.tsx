/** `/paotuiLeaderSign`: a leader sees an unfinished order (number, time, orderer, runner) and marks it delivered where the status table allows. */
import { Button, List, Result } from "antd-mobile"
import { ErrandStatus, mayAct } from "#src/errand/status-machine"
import { LoadFailed, Loading } from "../../../components/load-state"
import { dateTime } from "../../../lib/format"
import { leaderSign, useOrder } from "../api/errand"
import { confirmed } from "../../../lib/confirmed"
import "../errand.css"

export const LeaderSign = (props: { readonly id: string; readonly token: string | undefined }) => {
  const order = useOrder(props.id, props.token)
  if (order.loading && !order.data) return <Loading />
  if (order.error || !order.data) return <LoadFailed error={order.error} fallback="获取跑腿单失败" onRetry={order.reload} />
  const o = order.data
  // the leader signs where the status table lets a leader (types 1, 3, 4 at 1–3; a door pickup ends at dispatch)
  const open = mayAct("leader", o.type, o.status, "leaderSign")
  return (
    <div className="errand-form">
      <List mode="card" header={open ? "未送达跑腿单" : "跑腿单"}>
        <List.Item title="单号" extra={o.orderNo} />
        <List.Item title="下单时间" extra={dateTime(o.createdAt.getTime())} />
        <List.Item title="送货地址" extra={[o.dormFloor !== null ? `${o.dormFloor}楼` : "", o.dormRoom].filter((x) => x !== "").join(" ") || "-"} />
        {o.proxyReceiver ? <List.Item title="代收人" extra={`${o.proxyReceiver} ${o.proxyReceiverPhone ?? ""}`} /> : null}
        <List.Item title="跑腿员" extra={o.acceptUser ?? "-"} />
        <List.Item title="跑腿员电话" extra={o.acceptUserPhone ?? "-"} />
        <List.Item title="状态" extra={<span data-testid="leader-status">{o.statusStr}</span>} />
      </List>
      {open ? (
        <div className="errand-form__actions">
          <Button block color="primary" data-testid="leader-sign" onClick={() => void confirmed("确认该跑腿单已送达完成吗？", () => leaderSign(o._id), "已完成", "签收失败").then((ok) => { if (ok) order.reload() })}>送货完成</Button>
        </div>
      ) : <Result data-testid="leader-done" status={o.status === ErrandStatus.completed ? "success" : "info"} title={o.statusStr} />}
    </div>
  )
}
