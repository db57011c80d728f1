/**
 * The sender's orders by tab (待处理 / 已出库 / 已取消): each card with its route, goods, carrier, freight and
 * insurance, tapped for its detail (QR, timeline); close where the core allows it (0, 1 or 20 with no runner), pay the freight at 20 (the pay-in
 * sheet), pay a door pickup's reward at 0; live on every send-order event.
 */
import { Button, Empty, Tabs, Tag, Toast } from "antd-mobile"
import { useLocation } from "wouter"
import { addressLine } from "#src/address/region"
import { isSendListTab, messages, nextSendStatus, SendStatus, sendListTabs, type SendListTab } from "#src/sending/status-machine"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { confirmed } from "../../../lib/confirmed"
import { dateTime, yuan } from "../../../lib/format"
import { tokenPath } from "../../../lib/session"
import { useLoad } from "../../../lib/use-load"
import { payPrepay } from "../../../components/pay-sheet"
import { closeSending, fetchSendList, prepayFreight, type SendOrderView } from "../api/sending"
import { useSendEvents } from "../api/live"

/** Close only where the status table allows it and no runner holds the door pickup. */
export const mayClose = (o: SendOrderView): boolean =>
  nextSendStatus(o.status as SendStatus, "close") !== undefined && !o.paotui?.acceptUser

const SendCard = (props: { readonly o: SendOrderView; readonly token: string; readonly onChanged: () => void }) => {
  const { o } = props
  const [, navigate] = useLocation()
  const close = async () => {
    if (await confirmed("确定关闭该寄件预约吗？", () => closeSending(o._id), messages.closed, messages.closeFailed)) props.onChanged()
  }
  const payFreight = async () => {
    try {
      if (await payPrepay(await prepayFreight(o._id))) props.onChanged()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, "获取支付签名失败") })
    }
  }
  const owed = o.status === SendStatus.awaitingFreightPayment && !o.isDaofu && !o.freightPay
  return (
    <div className="send-card send-card--link" data-testid="send-card" data-id={o._id} data-status={o.status} role="link"
      onClick={() => navigate(`/expressSendDetail/${encodeURIComponent(o._id)}/${tokenPath(props.token)}`)}>
      <div className="send-card__head">
        <span>{o.expressCompany?.name ?? "未选快递"} · {o.orderNo}</span>
        <span className="send-card__status" data-testid="send-status">{o.statusStr}</span>
      </div>
      <div className="send-card__route">
        <div className="send-card__party"><b>{o.sender.name}</b><span>{addressLine({ cityName: o.sender.cityName, countyName: o.sender.countyName })}</span></div>
        <span className="send-card__arrow">→</span>
        <div className="send-card__party"><b>{o.receiver.name}</b><span>{addressLine({ provinceName: o.receiver.provinceName, cityName: o.receiver.cityName, countyName: o.receiver.countyName })}</span></div>
      </div>
      <div className="send-card__meta">
        <div>物品：{o.goodsName} × {o.goodsCount}</div>
        {o.insureMoney > 0 ? <div data-testid="send-insure">保价：¥{yuan(o.insureMoney)}（保价费 ¥{yuan(o.insureFreight)}）</div> : null}
        {o.freight !== null ? (
          <div data-testid="send-freight">运费：<span className="send-card__money">¥{yuan(o.freight)}</span>{o.freightWeight !== null ? `（${o.freightWeight / 1000}kg）` : ""}{o.freightPay ? " 已支付" : ""}</div>
        ) : o.isDaofu ? <div>运费：到付</div> : null}
        {o.expressNo ? <div data-testid="send-express-no">快递单号：{o.expressNo}</div> : null}
        {o.requiredDoorService && o.paotui ? (
          <div data-testid="send-door">
            上门取件：{o.paotui.acceptUser ? `${o.paotui.acceptUser} ${o.paotui.acceptUserPhone ?? ""}` : o.paotui.isPayed ? "等待跑腿接单" : "赏金待支付"}（赏金 ¥{yuan(o.paotui.fee)}）
          </div>
        ) : null}
        <div className="send-card__time">{dateTime(o.createdAt.getTime())}</div>
      </div>
      {o.isDaofu ? <Tag color="warning" fill="outline">到付</Tag> : null}
      <div className="send-card__actions">
        <span className="send-card__more" data-testid="send-card-more">{o.status === SendStatus.outOfStock || o.status === SendStatus.cancelled ? "查看详情" : "寄件码 · 进度"} ›</span>
        {o.status === SendStatus.pendingPayment && o.paotui && !o.paotui.isPayed ? (
          <Button size="small" color="primary" data-testid="send-pay-reward"
            onClick={(e) => { e.stopPropagation(); navigate(`/orderSuccess/${encodeURIComponent(o._id)}/${tokenPath(props.token)}?kind=send&pay=1`) }}>支付赏金</Button>
        ) : null}
        {mayClose(o) ? <Button size="small" data-testid="send-close" onClick={(e) => { e.stopPropagation(); void close() }}>关闭</Button> : null}
        {owed ? (
          <Button size="small" color="primary" data-testid="send-pay-freight" onClick={(e) => { e.stopPropagation(); void payFreight() }}>
            支付运费 ¥{yuan((o.freight ?? 0) + o.insureFreight)}
          </Button>
        ) : null}
      </div>
    </div>
  )
}

const TabList = (props: { readonly tab: SendListTab; readonly token: string }) => {
  const list = useLoad(() => fetchSendList(props.tab), [props.tab])
  useSendEvents(props.token, () => list.reload(), list.reload)
  if (list.error) return <LoadFailed error={list.error} fallback="获取寄件列表失败" onRetry={list.reload} />
  if (!list.data) return <Loading />
  return (
    <div className="send-list" data-testid={`send-list-${props.tab}`}>
      {list.data.length === 0 ? <Empty description="暂无寄件" /> : list.data.map((o) => <SendCard key={o._id} o={o} token={props.token} onChanged={list.reload} />)}
    </div>
  )
}

export const SendListPage = (props: { readonly tab: string; readonly token: string }) => {
  const [, navigate] = useLocation()
  const tab: SendListTab = isSendListTab(props.tab) ? props.tab : "ing"
  return (
    <Tabs activeKey={tab} onChange={(key) => navigate(`/expressSendList/${key}/${tokenPath(props.token)}`, { replace: true })}>
      {(Object.keys(sendListTabs) as SendListTab[]).map((key) => (
        <Tabs.Tab key={key} title={sendListTabs[key].title}>
          {key === tab ? <TabList tab={key} token={props.token} /> : null}
        </Tabs.Tab>
      ))}
    </Tabs>
  )
}
