/** The receiver's pickup code: storage code, the QR image and the parcel facts; live '已取件'. */
import { useSignals } from "@preact/signals-react/runtime"
import { List, Result, Tag } from "antd-mobile"
import { useState } from "react"
import { formatTag } from "#src/parcel/storage-code"
import { LoadFailed, Loading } from "../../../components/load-state"
import { dateTime, yuan } from "../../../lib/format"
import { useSocketEvent } from "../../../lib/socket"
import { useParcel } from "../api/parcel"
import { createTaken } from "../state/taken"

const imageSrc = (base64: string) => (base64.startsWith("data:") ? base64 : `data:image/png;base64,${base64}`)

export const PickupCodeCard = (props: { readonly id: string; readonly token: string | undefined }) => {
  useSignals()
  const parcel = useParcel(props.id, props.token)
  const [state] = useState(createTaken)
  useSocketEvent<{ _id?: string }>(props.token, "takeawaySuccess", (payload) => {
    if (payload?._id === props.id) state.takenAway()
  })

  if (parcel.loading && !parcel.data) return <Loading />
  if (parcel.error || !parcel.data) return <LoadFailed error={parcel.error} fallback="获取快递信息失败" onRetry={parcel.reload} />
  const p = parcel.data
  const tag = typeof p.tag === "number" ? formatTag(p.tag) : p.tag
  const taken = state.taken.value

  return (
    <div className="qr-page">
      <section className="qr-card">
        <div className="qr-card__code">
          <span className="qr-card__storage">{p.storageNo}</span>
          <span className="qr-card__tag">{tag}</span>
        </div>
        <div className="qr-card__status">
          <Tag color={taken ? "success" : "primary"} fill="outline" data-testid="parcel-status">
            {taken ? "已取件" : p.statusStr}
          </Tag>
        </div>
        {taken ? (
          <Result data-testid="taken" status="success" title="已取件" description="快递已被取走，感谢使用" />
        ) : p.qrimgBase64 ? (
          <>
            <img className="qr-card__image" src={imageSrc(p.qrimgBase64)} alt="取件二维码" data-testid="qr-image" />
            <p className="qr-card__hint">到驿站出示此二维码给工作人员扫码取件</p>
          </>
        ) : (
          <p className="qr-card__hint">暂无取件码{p.safekeepFee ? `，请先支付保管费 ¥${yuan(p.safekeepFee)}` : ""}</p>
        )}
      </section>

      <List mode="card">
        <List.Item title="快递公司" extra={p.expressCompany?.name ?? "-"} />
        <List.Item title="快递单号" extra={p.expressNo} />
        <List.Item title="收件人" extra={p.receiver || "-"} />
        <List.Item title="收件电话" extra={p.receiverPhone || "-"} />
        <List.Item title="入库时间" extra={dateTime(p.createdAt.getTime())} />
        {p.safekeepFee ? <List.Item title="保管费" extra={`¥${yuan(p.safekeepFee)}`} /> : null}
      </List>

    </div>
  )
}
