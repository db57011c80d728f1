/**
 * The pickup screen: scan the receiver's QR, see the parcel and whether it may leave, confirm. A personal pick-up QR
 * lists its holder's parcels here; the staff pick one and confirm, and the list stays for the next. A follow gift's QR
 * is redeemed after the staff confirm.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Dialog, List, Toast } from "antd-mobile"
import { useState } from "react"
import { messages as giftMessages } from "#src/home/subscribe-gift"
import { isPersonCheck } from "#src/parcel/calls"
import { cannotTakeMessage } from "#src/parcel/parcel"
import { QR_INVALID } from "#src/parcel/pickup-qr"
import { failureMessage } from "../../../lib/api-client"
import { scanQRCode } from "../../../lib/wx"
import { parseScannedQr, useCheckQr } from "../api/check-qr"
import { exchangeGift } from "../api/exchange-gift"
import { useTakePart } from "../api/take-part"
import { createPickup } from "../state/pickup"

export const SCAN_FIRST = "请先扫一扫取件码"
export const PICKUP_DONE = "确认取件成功"
export const PICKUP_FAILED = "确认取件失败"

/** What this screen needs to know of the signed-in employee. */
export interface PickupStaff {
  readonly nameZH: string
  readonly worksite: { readonly siteCode: string; readonly shortName: string; readonly schoolCampus: string }
}

export const PickupPanel = (props: { readonly staff: PickupStaff }) => {
  useSignals()
  const [pickup] = useState(createPickup)
  const { check, checking } = useCheckQr()
  const { takePart, taking } = useTakePart()

  const scan = async () => {
    const text = await scanQRCode("扫描取件码")
    if (text === undefined) return
    pickup.reset()
    const scanned = parseScannedQr(text.trim())
    if (!scanned) {
      Toast.show({ content: QR_INVALID, icon: "fail" })
      return
    }
    if (scanned.kind === "gift") {
      await redeem(scanned.text)
      return
    }
    try {
      const answer = await check(scanned)
      if (isPersonCheck(answer)) pickup.personVerified({ ...answer, qr: text.trim() })
      else pickup.verified({ ...answer, qr: text.trim() })
    } catch (error) {
      Toast.show({ content: failureMessage(error, QR_INVALID), icon: "fail" })
    }
  }

  /** A follow gift's QR: redeemed once the staff confirm they hand the gift over. */
  const redeem = async (qr: string) => {
    if (!(await Dialog.confirm({ content: "确认已将关注礼品交给用户？" }))) return
    try {
      await exchangeGift(qr)
      Toast.show({ content: giftMessages.exchangeDone, icon: "success" })
    } catch (error) {
      Toast.show({ content: failureMessage(error, giftMessages.exchangeFailed), icon: "fail" })
    }
  }

  const confirm = async () => {
    const parcel = pickup.checked.value
    if (!parcel) {
      Toast.show({ content: SCAN_FIRST })
      return
    }
    if (!parcel.canTakeaway) {
      Toast.show({ content: cannotTakeMessage(parcel.statusStr) })
      return
    }
    if (taking) return
    try {
      await takePart({
        worksiteCode: props.staff.worksite.siteCode,
        expressNo: parcel.expressNo,
        storageNo: parcel.storageNo,
        signOpenid: parcel.signOpenid,
        tag: parcel.tag,
        qr: parcel.qr,
        isPaotui: parcel.isPaotui
      })
      Toast.show({ content: PICKUP_DONE, icon: "success", duration: 1500 })
      pickup.handedOver()
    } catch (error) {
      Toast.show({ content: failureMessage(error, PICKUP_FAILED), icon: "fail" })
    }
  }

  const parcel = pickup.checked.value
  const person = pickup.person.value
  const can = pickup.canTakeaway.value
  const tagClass = parcel ? (can ? "pickup-code__tag--ok" : "pickup-code__tag--blocked") : ""
  return (
    <div className="pickup">
      <header className="station-header">
        <div className="station-header__name">{props.staff.worksite.shortName}</div>
        <div className="station-header__meta">
          <span>{props.staff.worksite.schoolCampus}</span>
          <span className="station-header__dot">·</span>
          <span>{props.staff.nameZH}</span>
        </div>
      </header>

      <div className="pickup__scan">
        <Button data-testid="pickup-scan" color="primary" shape="rounded" size="large" loading={checking} onClick={() => void scan()}>
          扫一扫取件码
        </Button>
      </div>

      {person ? (
        <List mode="card" className="pickup__person" header={`个人取件码 · ${person.holder.name || "-"} ${person.holder.phone}`} data-testid="pickup-person">
          {person.parcels.length === 0 ? <List.Item data-testid="pickup-person-none">本网点暂无可取的快递</List.Item> : null}
          {person.parcels.map((p) => (
            <List.Item
              key={`${p.expressNo}-${p.tag}`}
              data-testid="pickup-person-parcel"
              className={parcel?.expressNo === p.expressNo && parcel.tag === p.tag ? "pickup__person-item--picked" : ""}
              description={`${p.expressCompany} ${p.expressNo}`}
              extra={<span className={p.canTakeaway ? "text-ok" : "text-blocked"}>{p.statusStr}</span>}
              onClick={() => pickup.pick(p)}
              arrow={false}
            >
              {p.storageNo}-{p.tag}
            </List.Item>
          ))}
        </List>
      ) : null}

      <section className="pickup-code" aria-label="取件编码">
        <div className="pickup-code__storage" data-testid="pickup-storage">{parcel?.storageNo ?? "-"}</div>
        <div className={`pickup-code__tag ${tagClass}`} data-testid="pickup-tag" data-can-takeaway={parcel ? String(can) : undefined}>
          {parcel ? parcel.tag : "-"}
        </div>
      </section>

      <List mode="card" className="pickup__rows">
        <List.Item title="当前状态" extra={<span data-testid="pickup-status" className={parcel ? (can ? "text-ok" : "text-blocked") : ""}>{parcel?.statusStr ?? "-"}</span>} />
        <List.Item title="快递公司" extra={parcel?.expressCompany || "-"} />
        <List.Item title="快递单号" extra={parcel?.expressNo ?? "-"} />
        <List.Item title="收件人" extra={parcel?.receiver || "-"} />
        <List.Item title="收件电话" extra={parcel?.receiverPhone || "-"} />
      </List>

      <div className="sticky-actions">
        <Button
          data-testid="pickup-confirm"
          block
          size="large"
          color={can ? "success" : "default"}
          aria-disabled={!can}
          className={can ? "" : "button--inactive"}
          loading={taking}
          onClick={() => void confirm()}
        >
          确认取件
        </Button>
      </div>
    </div>
  )
}
