/**
 * One send order for its sender (/expressSendDetail/{id}/{token}): its status, the signed QR to show at the counter
 * (until it is dispatched), the freight (and the pay button while it is due), after printing the carrier's express
 * number with a copy button, the timeline, both parties and the goods. Live on every send-order event.
 */
import { Button, List, Toast } from "antd-mobile"
import { addressLine } from "#src/address/region"
import { SendStatus } from "#src/sending/status-machine"
import { yuan } from "#src/shared/money"
import { LoadFailed, Loading } from "../../../components/load-state"
import { payPrepay } from "../../../components/pay-sheet"
import { failureMessage } from "../../../lib/api-client"
import { imageSrc } from "../../../lib/format"
import { useAction } from "../../../lib/use-action"
import { useLoad } from "../../../lib/use-load"
import { fetchSendDetail, prepayFreight, type SendOrderView } from "../api/sending"
import { useSendEvents } from "../api/live"
import { SendTimeline } from "./send-timeline"

const copy = async (text: string) => {
  try {
    await navigator.clipboard.writeText(text)
    Toast.show({ icon: "success", content: "已复制" })
  } catch {
    Toast.show({ content: `复制失败，请长按单号复制` })
  }
}

const freightLine = (o: SendOrderView, due: number): string => {
  if (o.isDaofu) return "到付（收件人付运费）"
  if (o.freight === null) return "待驿站称重计费"
  const insure = o.insureFreight > 0 ? `（含保价费 ¥${yuan(o.insureFreight)}）` : ""
  if (due > 0) return `¥${yuan(due)}${insure} 待支付`
  return `¥${yuan(o.freight + o.insureFreight)}${insure}${o.freightPay ? " 已支付" : ""}`
}

const Party = (props: { readonly label: string; readonly c: SendOrderView["sender"] }) => (
  <List.Item prefix={<span className={`contact-badge contact-badge--${props.label === "寄" ? "sender" : "receiver"}`}>{props.label}</span>}
    description={<span data-testid={`detail-${props.label === "寄" ? "sender" : "receiver"}-address`}>{addressLine(props.c)}</span>}>
    <b>{props.c.name}</b> <span className="contact-phone">{props.c.phone}</span>
  </List.Item>
)

export const SendDetailPage = (props: { readonly id: string; readonly token: string | undefined }) => {
  const detail = useLoad(props.token ? () => fetchSendDetail(props.id) : undefined, [props.id, props.token])
  useSendEvents(props.token, (_event, payload) => {
    if (payload?._id === undefined || payload._id === props.id) detail.reload()
  }, detail.reload)
  const pay = useAction(async () => {
    try {
      if (await payPrepay(await prepayFreight(props.id))) detail.reload()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, "获取支付签名失败") })
    }
  })

  if (detail.error) return <LoadFailed error={detail.error} fallback="获取寄件信息失败" onRetry={detail.reload} />
  if (!detail.data) return <Loading />
  const { order: o, qr, timeline, due } = detail.data
  return (
    <div className="send-detail" data-testid="send-detail" data-status={o.status}>
      <div className="send-detail__head">
        <div className="send-detail__status" data-testid="detail-status">{o.statusStr}</div>
        <div className="send-detail__no">寄件单号 {o.orderNo}</div>
      </div>
      {qr ? (
        <div className="send-detail__qr" data-testid="send-qr">
          <img src={imageSrc(qr.qrimgBase64)} alt="寄件二维码" data-testid="send-qr-image" data-content={qr.content} />
          <p>到驿站寄件时出示此码，工作人员扫码称重计费</p>
        </div>
      ) : null}
      {o.expressNo ? (
        <List mode="card">
          <List.Item title={o.expressCompany?.name ?? "快递单号"}
            extra={<Button size="mini" color="primary" fill="outline" data-testid="copy-express-no" onClick={() => void copy(o.expressNo!)}>复制</Button>}>
            <span className="send-detail__express-no" data-testid="detail-express-no">{o.expressNo}</span>
          </List.Item>
        </List>
      ) : null}
      <List mode="card" header="运费">
        <List.Item extra={due > 0 ? (
          <Button size="small" color="primary" data-testid="detail-pay" loading={pay.pending} disabled={pay.pending} onClick={() => void pay.run()}>
            支付 ¥{yuan(due)}
          </Button>
        ) : undefined}>
          <span data-testid="detail-freight" className={due > 0 ? "send-card__money" : undefined}>{freightLine(o, due)}</span>
          {o.freightWeight !== null ? <span className="send-detail__weight">计费重量 {o.freightWeight / 1000}kg</span> : null}
        </List.Item>
      </List>
      <List mode="card" header="寄件进度">
        <SendTimeline steps={timeline} />
      </List>
      <List mode="card" header="寄收信息">
        <Party label="寄" c={o.sender} />
        <Party label="收" c={o.receiver} />
        <List.Item title="物品" extra={`${o.goodsName} × ${o.goodsCount}`} />
        <List.Item title="快递公司" extra={o.expressCompany?.name ?? "未选快递"} />
        {o.insureMoney > 0 ? <List.Item title="保价" extra={`¥${yuan(o.insureMoney)}`} /> : null}
        {o.remark ? <List.Item title="备注" extra={o.remark} /> : null}
      </List>
      {o.status === SendStatus.awaitingFreight && !o.requiredDoorService ? (
        <p className="send-detail__hint">请将包裹带到驿站，出示上方二维码</p>
      ) : null}
    </div>
  )
}
