/**
 * The door-delivery order form (`/doorService`): building, floor, room, friend receives, item class and
 * large-item sub-category, sex limit, remark with its /50 counter; the discount banner, the cut-off notice,
 * the door-service windows and the amount, all from the core (`quote`, the function the server runs).
 * Submit runs the spec's checks in order, places the order and takes the payment when there is one.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, List, NoticeBar, Selector, Switch, TextArea, Toast } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import { ACTIVITY_FULL, GOODS_CLASSES, price, specialGoodsFor, type GoodsClass } from "#src/errand/fee"
import { isDomainError } from "#src/shared/errors"
import { deliveryCutoff, doorServiceWindows, floorOptions, goodsClassEnabled, goodsClassName, REMARK_MAX, remarkCounter } from "#src/errand/order-form"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { yuan } from "../../../lib/format"
import { tokenPath } from "../../../lib/session"
import { useAction } from "../../../lib/use-action"
import { placeErrand, useDoorServiceForm } from "../api/errand"
import { payOrder } from "./pay-order"
import { activityOf, createDoorForm, feeBuildingOf, formWorksite, placeInput, quote, quoteFee, quoteInput, type FormContext, type FormView } from "../state/door-form"
import "../errand.css"

const sexLimits = [{ label: "不限", value: -1 }, { label: "仅男生", value: 1 }, { label: "仅女生", value: 2 }] as const

export const DoorServiceForm = (props: { readonly toTakeId: string; readonly token: string | undefined }) => {
  useSignals()
  const loaded = useDoorServiceForm(props.toTakeId, props.token)
  const [f] = useState(createDoorForm)
  const [, navigate] = useLocation()
  const token = tokenPath(props.token ?? "")
  const submit = useAction(async (ctx: FormContext) => {
    const q = quote(quoteInput(f, ctx, new Date()))
    if (isDomainError(q)) {
      Toast.show({ content: q.message })
      return
    }
    try {
      const placed = await placeErrand(placeInput(f, ctx))
      if (placed.payFee > 0) {
        try {
          if (await payOrder(placed._id)) Toast.show({ icon: "success", content: "支付成功" })
        } catch (error) {
          Toast.show({ icon: "fail", content: failureMessage(error, "获取支付签名失败") })
        }
      }
      navigate(`/orderSuccess/${encodeURIComponent(placed._id)}/${token}`)
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, "下单失败") })
    }
  })

  if (loaded.loading && !loaded.data) return <Loading />
  if (loaded.error || !loaded.data) return <LoadFailed error={loaded.error} fallback="获取网点信息失败" onRetry={loaded.reload} />
  const { parcel, info, buildings, activity: offer } = loaded.data
  const view: FormView = { ...info, toTakeId: parcel._id, parcelSize: parcel.size }
  const ctx: FormContext = { view, buildings, offer }
  const worksite = formWorksite(view)
  const now = new Date()
  const cutoff = deliveryCutoff(worksite, now)
  const windows = doorServiceWindows(worksite)
  const building = buildings.find((b) => b._id === f.buildingId.value)
  const specials = specialGoodsFor(worksite, building ? feeBuildingOf(building) : { isLift: false })
  const input = quoteInput(f, ctx, now)
  const fee = quoteFee(input)
  const activity = activityOf(offer.data)
  const priced = fee === undefined ? undefined : price(fee, offer.canOrder ? activity : null)
  const counter = remarkCounter(f.remark.value)
  const parcelSize = view.parcelSize

  return (
    <div className="errand-form">
      {activity ? (
        <NoticeBar
          data-testid="door-activity"
          color={offer.canOrder ? "info" : "alert"}
          content={offer.canOrder
            ? `${activity.title}${activity.fee !== null ? `：跑腿费一口价 ¥${yuan(activity.fee)}` : activity.discount !== null ? `：跑腿费${10 - activity.discount}折` : ""}${activity.countDaily !== null ? `，每日限${activity.countDaily}单` : ""}`
            : `${activity.title}：${ACTIVITY_FULL}`}
        />
      ) : null}
      {!cutoff.open ? <NoticeBar data-testid="door-cutoff" color="alert" wrap content={cutoff.message} /> : null}
      <div className="errand-form__windows" data-testid="door-windows">
        送货时段：{windows.noon.begin}-{windows.noon.end}、{windows.pm.begin}-{windows.pm.end}
      </div>

      <List mode="card" header="送货地址">
        <List.Item title="宿舍楼" extra={
          <select className={`errand-select${f.buildingId.value ? "" : " errand-select--empty"}`} data-testid="door-building" value={f.buildingId.value ?? ""} onChange={(e) => { f.buildingId.value = e.target.value || null }}>
            <option value="">请选择大楼</option>
            {buildings.map((b) => <option key={b._id} value={b._id}>{b.name}</option>)}
          </select>
        } />
        <List.Item title="楼层" extra={
          <select className={`errand-select${f.floor.value !== null ? "" : " errand-select--empty"}`} data-testid="door-floor" value={f.floor.value ?? ""} onChange={(e) => { f.floor.value = e.target.value === "" ? null : Number(e.target.value) }}>
            <option value="">请选择楼层</option>
            {floorOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        } />
        <List.Item title="宿舍号" extra={
          <input className="errand-input" data-testid="door-room" placeholder="如 302" maxLength={20} value={f.dormRoom.value} onChange={(e) => { f.dormRoom.value = e.target.value }} />
        } />
        <List.Item title="朋友代收" extra={<Switch data-testid="door-friend" checked={f.friendReceives.value} onChange={(on) => { f.friendReceives.value = on }} />} />
        {f.friendReceives.value ? (
          <>
            <List.Item title="代收人" extra={<input className="errand-input" data-testid="door-friend-name" placeholder="朋友姓名" maxLength={20} value={f.friendName.value} onChange={(e) => { f.friendName.value = e.target.value }} />} />
            <List.Item title="代收电话" extra={<input className="errand-input" data-testid="door-friend-phone" type="tel" placeholder="11位手机号" maxLength={11} value={f.friendPhone.value} onChange={(e) => { f.friendPhone.value = e.target.value }} />} />
          </>
        ) : null}
      </List>

      <List mode="card" header="物品">
        <List.Item>
          <Selector
            data-testid="door-class"
            columns={3}
            value={f.goodsClass.value === null ? [] : [f.goodsClass.value]}
            options={GOODS_CLASSES.map((c) => ({ label: goodsClassName[c], value: c, disabled: !goodsClassEnabled(parcelSize, c) }))}
            onChange={(v) => { f.goodsClass.value = (v[0] as GoodsClass | undefined) ?? null }}
          />
          <div className="errand-form__hint">小件 0.5kg以下，中件 0.5-2kg，大件 2kg以上</div>
        </List.Item>
        {f.goodsClass.value === 3 ? (
          <List.Item title="大件分类">
            <Selector
              data-testid="door-special"
              columns={3}
              value={f.specialGoodId.value === null ? [] : [f.specialGoodId.value]}
              options={specials.map((g) => ({ label: g.name, value: g.id }))}
              onChange={(v) => { f.specialGoodId.value = v[0] ?? null }}
            />
          </List.Item>
        ) : null}
        <List.Item title="接单人">
          <Selector
            data-testid="door-sex"
            columns={3}
            value={[f.sexLimit.value]}
            options={sexLimits.map((s) => ({ label: s.label, value: s.value }))}
            onChange={(v) => { if (v[0] !== undefined) f.sexLimit.value = v[0] }}
          />
        </List.Item>
        <List.Item title="备注">
          <TextArea data-testid="door-remark" placeholder="给跑腿员的留言（选填）" rows={2} value={f.remark.value} onChange={(v) => { f.remark.value = v }} />
          <div className={`errand-counter${counter.over ? " errand-counter--over" : ""}`} data-testid="door-remark-counter">{counter.text}</div>
        </List.Item>
      </List>

      <div className="errand-pay" data-testid="door-amount">
        {priced ? (
          <>
            <span className="errand-pay__label">应付</span>
            <span className="errand-pay__amount" data-testid="door-payable">¥{yuan(priced.payable)}</span>
            {priced.discount > 0 ? <span className="errand-pay__was">原价 ¥{yuan(priced.fee)}，已优惠 ¥{yuan(priced.discount)}</span> : null}
          </>
        ) : <span className="errand-pay__label">选择楼层与物品后显示跑腿费</span>}
      </div>
      <div className="errand-form__actions">
        {!offer.canOrder ? (
          <Button block disabled data-testid="door-full">{ACTIVITY_FULL}</Button>
        ) : (
          <Button block color="primary" data-testid="door-submit" loading={submit.pending} disabled={submit.pending} onClick={() => void submit.run(ctx)}>
            {priced && priced.payable > 0 ? `支付 ¥${yuan(priced.payable)}` : "提交订单"}
          </Button>
        )}
        <p className="errand-form__hint">备注最多{REMARK_MAX}字；跑腿员取件后送到宿舍门口</p>
      </div>
    </div>
  )
}
