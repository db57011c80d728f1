/**
 * One errand order as a card: status, where it goes, fee, who took it; with the actions its viewer may
 * take at its status, as the core's status table allows them (spec §4 "Actions by role"): the requester pays,
 * cancels, confirms receipt and rates a completed order; the runner shows the pickup QR, marks delivered,
 * confirms with a photo or gives it up, hands it to a teammate, and enters a confirmed door pickup's freight.
 */
import { Button, Checkbox, Tag, Toast } from "antd-mobile"
import { Link, useLocation } from "wouter"
import { goodsClassName } from "#src/errand/order-form"
import type { GoodsClass } from "#src/errand/fee"
import { awaitsRating, isRated } from "#src/errand/rating"
import { ErrandStatus, mayAct, offersRunnerQr, type ErrandAction } from "#src/errand/status-machine"
import { isTransferable } from "#src/errand/transfer"
import { failureMessage } from "../../../lib/api-client"
import { confirmed } from "../../../lib/confirmed"
import { dateTime, thumbnailSrc, yuan } from "../../../lib/format"
import { cancelOrder, confirmReceipt, markDelivered, runnerTakeaway, type BuildingView, type ErrandOrderView } from "../api/errand"
import { ConfirmTakeawayButton } from "./confirm-takeaway"
import { ContactCard } from "./contact-card"
import { payOrder, type KnownPrepay } from "./pay-order"
import { RunnerFreightButton } from "./runner-freight"
import { RunnerQrButton } from "./runner-qr"
import { TransferButton, type Team } from "./transfer"

export type Viewer = "requester" | "runner" | "hall"

const statusColor = (status: number): string =>
  status === ErrandStatus.completed ? "success" : status === ErrandStatus.cancelled ? "default"
    : status === ErrandStatus.awaitingPayment ? "danger" : status === ErrandStatus.awaitingAcceptance ? "warning" : "primary"

export const sexLimitText = (limit: number): string | undefined => (limit === 1 ? "仅男生" : limit === 2 ? "仅女生" : undefined)

export const placeOf = (o: ErrandOrderView, buildings?: ReadonlyArray<BuildingView>): string => {
  const b = o.buildingName ?? buildings?.find((x) => x._id === o.dormBuilding)?.name
  return [b ?? "", o.dormFloor !== null ? `${o.dormFloor}楼` : "", o.dormRoom].filter((s) => s !== "").join(" ")
}

/** The rating page of a completed order, with its runner's name and the order's time. */
export const commentPath = (o: ErrandOrderView, token: string) =>
  `/comment/${encodeURIComponent(o._id)}/${encodeURIComponent(o.acceptOpenid ?? "")}/${encodeURIComponent(o.acceptUser ?? "跑腿员")}/${encodeURIComponent(dateTime(o.createdAt.getTime()))}/${token}`

/** An order's detail page (its timeline), for its requester and its runner. */
export const detailPath = (o: Pick<ErrandOrderView, "_id">, token: string) => `/paotuiDetail/${encodeURIComponent(o._id)}/${token}`

export const OrderCard = (props: {
  /** An order of a list, or the order's own page (`getById`, with the requester's `prepayId`). */
  readonly order: ErrandOrderView & KnownPrepay
  readonly viewer: Viewer
  readonly token: string
  readonly onChanged: () => void
  readonly buildings?: ReadonlyArray<BuildingView>
  readonly action?: React.ReactNode
  /** The requester's card links to the order page, except on it. */
  readonly detailLink?: boolean
  /** The runner's team, for handing an accepted order to a teammate. */
  readonly team?: Team | undefined
  /** Batch hand-over: whether this card is chosen, and how to choose it (only cards that can be handed over). */
  readonly chosen?: boolean
  readonly onChoose?: ((on: boolean) => void) | undefined
}) => {
  const [, navigate] = useLocation()
  const o = props.order
  const t = props.token
  const sex = sexLimitText(o.sexLimit)
  const after = (ok: boolean) => { if (ok) props.onChanged() }
  const may = (role: "requester" | "runner", action: ErrandAction) => mayAct(role, o.type, o.status, action)
  const actions: Array<React.ReactNode> = []
  if (props.viewer === "requester") {
    if (may("requester", "prepay")) {
      actions.push(<Button key="pay" size="small" color="danger" data-testid="order-pay" onClick={() => void payOrder(o._id, o).then((paid) => {
        if (paid) Toast.show({ icon: "success", content: "支付成功" })
        props.onChanged()
      }, (error: unknown) => Toast.show({ icon: "fail", content: failureMessage(error, "获取支付签名失败") }))}>去支付</Button>)
    }
    if (may("requester", "cancel")) {
      actions.push(<Button key="cancel" size="small" data-testid="order-cancel" onClick={() => void confirmed("确定取消该跑腿单吗？", () => cancelOrder(o.orderNo), "已取消", "取消失败").then(after)}>取消订单</Button>)
    }
    if (may("requester", "sayTaken")) {
      actions.push(<Button key="taken" size="small" color="primary" data-testid="order-say-taken" onClick={() => void confirmed("跑腿员已上门取走您的快递了吗？", () => runnerTakeaway(o._id), "已确认", "操作失败").then(after)}>跑腿员已取件</Button>)
    }
    if (may("requester", "confirmReceipt")) {
      // confirmed: the rating opens at once; the order stays under 已完成 (待评价) until rated
      actions.push(<Button key="sign" size="small" color="primary" data-testid="order-confirm" onClick={() => void confirmed("确认已收到快递吗？", () => confirmReceipt(o._id), "已确认收货", "签收失败").then((ok) => {
        if (ok && o.acceptOpenid) navigate(commentPath(o, t))
        else after(ok)
      })}>确认收货</Button>)
    }
    if (awaitsRating(o) && o.acceptOpenid) {
      actions.push(<Button key="rate" size="small" color="warning" data-testid="order-rate" onClick={() => navigate(commentPath(o, t))}>去评价</Button>)
    }
  }
  if (props.viewer === "runner") {
    if (offersRunnerQr(o)) {
      actions.push(<RunnerQrButton key="qr" id={o._id} />)
    }
    if (may("runner", "markDelivered")) {
      actions.push(<Button key="delivered" size="small" color="primary" data-testid="order-delivered" onClick={() => void confirmed("确认已送达吗？", () => markDelivered(o._id), "已送达", "送达失败").then(after)}>已送达</Button>)
    }
    // a door pickup (type 2) is confirmed once the requester said it was taken; food and other errands (3, 4) once accepted
    if (may("runner", "confirmTaken") || may("runner", "takeaway")) {
      actions.push(<ConfirmTakeawayButton key="confirm" order={o} onDone={props.onChanged} />)
    }
    // a confirmed door pickup (its send order awaits freight): the runner may enter the freight
    if (may("runner", "setFreight")) {
      actions.push(<RunnerFreightButton key="freight" order={o} onDone={props.onChanged} />)
    }
    if (isTransferable(o) && props.team) {
      actions.push(<TransferButton key="transfer" team={props.team} ids={[o._id]} label="转单" testId="order-transfer" onDone={props.onChanged} />)
    }
    if (may("runner", "release")) {
      actions.push(<Button key="giveup" size="small" data-testid="order-runner-cancel" onClick={() => navigate(`/cancelPaotuiAccept/${encodeURIComponent(o.orderNo)}/${o.type}/${t}`)}>取消接单</Button>)
    }
  }
  if (props.action) actions.push(props.action)

  return (
    <article className="errand-card" data-testid="errand-order" data-order-no={o.orderNo} data-status={o.status}>
      <header className="errand-card__head">
        {props.onChoose && isTransferable(o) ? (
          <Checkbox className="errand-card__check" data-testid="order-choose" checked={props.chosen === true} onChange={props.onChoose} />
        ) : null}
        <span className="errand-card__no">单号 {o.orderNo}</span>
        {props.viewer !== "hall" && props.detailLink !== false ? (
          <Link href={detailPath(o, t)} className="errand-card__detail" data-testid="order-detail">详情</Link>
        ) : null}
        {props.viewer === "requester" && awaitsRating(o) ? <Tag color="warning" fill="outline" className="errand-card__rating" data-testid="order-rating">待评价</Tag> : null}
        {props.viewer === "requester" && isRated(o) ? <Tag color="default" fill="outline" className="errand-card__rating" data-testid="order-rating">已评价</Tag> : null}
        <Tag color={statusColor(o.status)} fill="outline" data-testid="order-status">{o.statusStr}</Tag>
      </header>
      <div className="errand-card__body">
        <div className="errand-card__place" data-testid="order-place">{placeOf(o, props.buildings) || "送货上门"}</div>
        {o.station && !(props.viewer === "runner" && o.contact) ? <div className="errand-card__where" data-testid="order-station">取件点：{o.station}</div> : null}
        <div className="errand-card__meta">
          <span>{goodsClassName[o.goodsType as GoodsClass] ?? "物品"}</span>
          {sex ? <Tag color="danger" fill="outline">{sex}</Tag> : null}
          {o.type === 2 ? <Tag color="primary" fill="outline" data-testid="order-pickup">上门取件</Tag> : null}
          <span>{o.type === 2 ? "上门时间" : "送达前"} {dateTime(o.requireArriveTime.getTime())}</span>
        </div>
        {o.proxyReceiver ? <div className="errand-card__meta">代收：{o.proxyReceiver} {o.proxyReceiverPhone ?? ""}</div> : null}
        {o.remark ? <div className="errand-card__remark">备注：{o.remark}</div> : null}
        {o.goodsPic ? <img className="errand-card__pic" src={thumbnailSrc(o.goodsPic, 72)} alt="物品照片" data-testid="order-goods-pic" /> : null}
        {props.viewer === "runner" && o.contact ? <ContactCard contact={o.contact} station={o.station} /> : null}
        {props.viewer === "requester" && o.acceptUser ? <div className="errand-card__meta" data-testid="order-runner">跑腿员：{o.acceptUser} {o.acceptUserPhone ?? ""}</div> : null}
      </div>
      <footer className="errand-card__foot">
        <span className="errand-card__fee" data-testid="order-fee">¥{yuan(o.payFee)}</span>
        <span className="errand-card__actions">{actions}</span>
      </footer>
    </article>
  )
}
