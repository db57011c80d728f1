/**
 * The pickup code of one parcel, for its receiver or the friend chosen for it: the storage code and the
 * signed QR image (never its raw text), the cabinet tip and door button for cabinet parcels, door
 * delivery where the worksite runs errands, self-sign where it allows it, the fee to pay instead of a
 * code; '已取件' once taken, live and after a reload. A type-1 parcel has no QR page: back to the list.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Dialog, List, Result, Tag, Toast } from "antd-mobile"
import { useEffect, useState } from "react"
import { Link, useLocation } from "wouter"
import { isCabinet, isTaken, offersDoorDelivery, ParcelType } from "#src/parcel/collect"
import { allows } from "#src/parcel/status-machine"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { dateTime, imageSrc, yuan } from "../../../lib/format"
import { tokenPath } from "../../../lib/session"
import { useParcelEvents } from "../../../lib/parcel-events"
import { openBox, selfSign } from "../../../lib/parcel-actions"
import { useParcel } from "../api/parcel"
import { createTaken } from "../state/taken"


export const CABINET_TIP = "请将二维码放在柜机屏幕下方的红外感应处，距离约5cm"

export const PickupCodeCard = (props: { readonly id: string; readonly token: string | undefined }) => {
  useSignals()
  const [, navigate] = useLocation()
  const parcel = useParcel(props.id, props.token)
  const [state] = useState(createTaken)
  const token = tokenPath(props.token ?? "")
  useParcelEvents(props.token, (event, payload) => {
    if (payload?._id !== props.id) return
    if (event === "takeawaySuccess") state.takenAway()
    else parcel.reload()
  })
  const type = parcel.data?.type
  useEffect(() => {
    if (type === ParcelType.noCode) navigate(`/expressTotakeList/ing/${token}`, { replace: true })
  }, [type, navigate, token])

  if (parcel.loading && !parcel.data) return <Loading />
  if (parcel.error || !parcel.data) return <LoadFailed error={parcel.error} fallback="获取待取件信息出错" onRetry={parcel.reload} />
  const p = parcel.data
  const taken = state.taken.value || isTaken(p.status)
  const cabinet = isCabinet(p.type)

  const act = async (run: () => Promise<unknown>, confirm: string, done: string, failed: string) => {
    if (!(await Dialog.confirm({ content: confirm }))) return
    try {
      await run()
      Toast.show({ content: done, icon: "success" })
      state.takenAway()
    } catch (error) {
      Toast.show({ content: failureMessage(error, failed), icon: "fail" })
      parcel.reload()
    }
  }

  return (
    <div className="qr-page">
      <section className="qr-card">
        {p.storageNo !== "-" && !taken ? (
          <div className="qr-card__code" data-testid="pickup-code">
            <span className="qr-card__storage">{p.storageNo}</span>
            <span className="qr-card__tag">{p.tag}</span>
          </div>
        ) : null}
        <div className="qr-card__status">
          {p.isAgent ? <Tag color="warning" fill="outline" data-testid="qr-agent-tag">替好友取件</Tag> : null}{" "}
          <Tag color={taken ? "success" : p.safekeepNeedPay ? "danger" : "primary"} fill="outline" data-testid="parcel-status">
            {taken ? "已取件" : p.statusStr}
          </Tag>
        </div>
        {taken ? (
          <Result data-testid="taken" status="success" title="已取件" description="快递已被取走，感谢使用" />
        ) : p.qrimgBase64 ? (
          <>
            <img className="qr-card__image" src={imageSrc(p.qrimgBase64)} alt="取件二维码" data-testid="qr-image" />
            <p className="qr-card__hint" data-testid="qr-hint">{cabinet ? CABINET_TIP : "到驿站出示此二维码给工作人员扫码取件"}</p>
          </>
        ) : p.safekeepNeedPay ? (
          <div className="qr-card__fee" data-testid="qr-fee">
            <p>保管费 ¥{yuan(p.safekeepFee)}，支付后显示取件码</p>
            {p.isAgent ? <p className="qr-card__hint">请联系收件人支付保管费</p> : (
              <Link href={`/safekeepFeeToPay/${encodeURIComponent(p._id)}/${token}`}><Button color="danger" data-testid="qr-pay-fee">支付保管费</Button></Link>
            )}
          </div>
        ) : (
          <p className="qr-card__hint" data-testid="qr-none">{p.statusStr}，暂无取件码</p>
        )}
      </section>

      {!taken ? (
        <div className="qr-actions">
          {cabinet && p.qrimgBase64 && !p.boxOpened ? (
            <Button block color="primary" data-testid="qr-open-box" onClick={() => void act(() => openBox(p._id), "确定远程打开柜门吗？", "开箱成功，请取走您的快递", "开箱失败，请联系驿站工作人员")}>远程开箱</Button>
          ) : null}
          {!p.isAgent && p.selfSignAble && !cabinet && p.qrimgBase64 && allows("selfSign", p.status) ? (
            <Button block data-testid="qr-self-sign" onClick={() => void act(() => selfSign(p._id), "确认您已拿到快递并签收吗？", "签收成功", "签收失败")}>我已取件，自助签收</Button>
          ) : null}
          {!p.isAgent && offersDoorDelivery(p.status, p.paotuiAble, p.type) ? (
            <Link href={`/doorService/${encodeURIComponent(p._id)}/${token}`}><Button block color="success" data-testid="qr-door-service">送货上门</Button></Link>
          ) : null}
          {!p.isAgent && allows("chooseAgent", p.status) ? (
            <Link href={`/proxyGet/${encodeURIComponent(p._id)}/${token}`}><Button block data-testid="qr-proxy">找人代取</Button></Link>
          ) : null}
        </div>
      ) : null}

      <List mode="card">
        <List.Item title="快递公司" extra={p.expressCompany?.name ?? "-"} />
        <List.Item title="快递单号" extra={p.expressNo} />
        <List.Item title="收件人" extra={p.receiver || "-"} />
        <List.Item title="收件电话" extra={p.receiverPhone || "-"} />
        {p.agent ? <List.Item title="代取好友" extra={`${p.agent} ${p.agentPhone ?? ""}`} /> : null}
        {cabinet && p.deviceAddress ? <List.Item title="快递柜" extra={`${p.deviceAddress}${p.boxDoor ? ` ${p.boxDoor}号柜门` : ""}`} /> : null}
        <List.Item title="入库时间" extra={dateTime(p.createdAt.getTime())} />
        {p.safekeepFee ? <List.Item title="保管费" extra={`¥${yuan(p.safekeepFee)}`} /> : null}
      </List>
      <div className="qr-actions">
        <Link href={`/expressTotakeList/ing/${token}`} data-testid="qr-to-list">返回我的快递</Link>
      </div>
    </div>
  )
}
