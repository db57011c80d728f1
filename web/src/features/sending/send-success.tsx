/**
 * `/orderSuccess/{id}/{token}?kind=send`: a sending booked with door pickup. 'Order placed', the order as it
 * stands (live), pay the runner's reward now while unpaid (its errand's pay-in trade, then the payment
 * sheet; opened at once after '提交并支付赏金'), and the way to the order's detail. The errand pages' route renders this for kind=send.
 */
import { Button, List, Result, Toast } from "antd-mobile"
import { useEffect, useRef } from "react"
import { useLocation } from "wouter"
import { addressLine } from "#src/address/region"
import { SendStatus } from "#src/sending/status-machine"
import { LoadFailed, Loading } from "../../components/load-state"
import { failureMessage } from "../../lib/api-client"
import { dateTime, yuan } from "../../lib/format"
import { tokenPath } from "../../lib/session"
import { useAction } from "../../lib/use-action"
import { useLoad } from "../../lib/use-load"
import { useSocketEvents } from "../../lib/socket"
import { payPrepay } from "../../components/pay-sheet"
import { fetchSending, prepayReward } from "./api/sending"
import { SEND_EVENTS } from "./api/live"
import "./sending.css"

export const SendSuccess = (props: { readonly id: string; readonly token: string | undefined; readonly payNow?: boolean }) => {
  const [, navigate] = useLocation()
  const order = useLoad(props.token ? () => fetchSending(props.id) : undefined, [props.id, props.token])
  const token = tokenPath(props.token ?? "")
  useSocketEvents(props.token, [...SEND_EVENTS, "payErrandSuccess"], (_event, payload: { _id?: string } | undefined) => {
    if (payload?._id === undefined || payload._id === props.id || payload._id === order.data?.paotui?._id) order.reload()
  })
  const pay = useAction(async (paotuiId: string) => {
    try {
      if (await payPrepay(await prepayReward(paotuiId))) order.reload()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, "获取支付签名失败") })
    }
  })

  // just booked with '提交并支付赏金': the payment sheet opens at once (once), no second tap
  const opened = useRef(false)
  const o0 = order.data
  useEffect(() => {
    if (!props.payNow || opened.current || !o0?.paotui || o0.paotui.isPayed || o0.status !== SendStatus.pendingPayment) return
    opened.current = true
    void pay.run(o0.paotui._id)
  }, [props.payNow, o0, pay.run])

  if (order.loading && !order.data) return <Loading />
  if (order.error || !order.data) return <LoadFailed error={order.error} fallback="获取订单信息失败" onRetry={order.reload} />
  const o = order.data
  const unpaid = o.status === SendStatus.pendingPayment && o.paotui !== null && !o.paotui.isPayed
  return (
    <div className="send-success" data-testid="send-success" data-status={o.status}>
      <Result
        status={unpaid ? "waiting" : "success"}
        title={unpaid ? "预约成功，待支付赏金" : "预约成功"}
        description={unpaid ? "支付赏金后跑腿同学才能接单上门取件" : "跑腿同学接单后会按预约时间上门取件"}
      />
      <List mode="card">
        <List.Item title="寄件单号" extra={<span data-testid="send-success-order-no">{o.orderNo}</span>} />
        <List.Item title="状态" extra={<span data-testid="send-success-status">{o.statusStr}</span>} />
        <List.Item title="收件人" extra={`${o.receiver.name} ${addressLine({ provinceName: o.receiver.provinceName, cityName: o.receiver.cityName })}`} />
        <List.Item title="物品" extra={`${o.goodsName} × ${o.goodsCount}`} />
        {o.requireArriveTime ? <List.Item title="上门时间" extra={dateTime(o.requireArriveTime.getTime())} /> : null}
        {o.paotui ? <List.Item title="赏金" extra={<span data-testid="send-success-reward">¥{yuan(o.paotui.fee)}{o.paotui.isPayed ? " 已支付" : ""}</span>} /> : null}
      </List>
      <div className="page__actions">
        {unpaid && o.paotui ? (
          <Button block color="primary" size="large" data-testid="send-pay-now" loading={pay.pending} disabled={pay.pending} onClick={() => void pay.run(o.paotui!._id)}>
            立即支付 ¥{yuan(o.paotui.fee)}
          </Button>
        ) : null}
        <Button block className="send-success__view" data-testid="send-view" onClick={() => navigate(`/expressSendDetail/${encodeURIComponent(o._id)}/${token}`)}>查看详情</Button>
      </div>
    </div>
  )
}
