/** `/safekeepFeeToPay`: the parcel, its safekeeping fee in yuan (one decimal), the code hidden until paid, and the pay button. */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, List, Result, Toast } from "antd-mobile"
import { useState } from "react"
import { SAFEKEEP_PAID_EVENT } from "#src/payment/calls"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { yuan } from "../../../lib/format"
import { useSocketEvent } from "../../../lib/socket"
import { useAction } from "../../../lib/use-action"
import { fetchPaySign } from "../../../lib/pay-in"
import { prepaySafekeep, useFeeParcel } from "../api/safekeep"
import { createFeePaid } from "../state/fee-paid"
import { requestPayment } from "../../../components/pay-sheet"

export const SafekeepFeeCard = (props: { readonly id: string; readonly token: string | undefined; readonly onPaid: () => void }) => {
  useSignals()
  const parcel = useFeeParcel(props.id, props.token)
  const [state] = useState(createFeePaid)
  useSocketEvent<{ _id?: string }>(props.token, SAFEKEEP_PAID_EVENT, (payload) => {
    if (payload?._id !== props.id) return
    state.paidNow()
    parcel.reload()
  })
  const pay = useAction(async (fee: number) => {
    try {
      const order = await prepaySafekeep(props.id)
      const sign = await fetchPaySign(order.prepayId)
      const outcome = await requestPayment(sign, yuan(order.totalFee))
      if (!outcome.paid) {
        if (outcome.message) Toast.show({ icon: "fail", content: outcome.message })
        return
      }
      Toast.show({ icon: "success", content: "支付成功" })
      parcel.reload()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, fee > 0 ? "获取支付签名失败" : "操作失败") })
    }
  })

  if (parcel.loading && !parcel.data) return <Loading />
  if (parcel.error || !parcel.data) return <LoadFailed error={parcel.error} fallback="获取快递信息出错" onRetry={parcel.reload} />
  const p = parcel.data
  const due = p.safekeepFee
  const code = due > 0 ? undefined : `${p.storageNo}-${p.tag}`

  return (
    <div className="fee-page">
      <List mode="card" header="快递信息">
        <List.Item title="快递单号" extra={p.expressNo} />
        <List.Item title="快递公司" extra={p.expressCompany?.name ?? "-"} />
        <List.Item title="收件电话" extra={p.receiverPhone || "-"} />
        <List.Item title="保管费" extra={due === 0 && state.paid.value
          ? <span className="fee-page__fee fee-page__fee--paid" data-testid="safekeep-fee">已支付</span>
          : <span className="fee-page__fee" data-testid="safekeep-fee">¥{yuan(due)}</span>} />
        <List.Item title="取件码" extra={<span className="fee-page__code" data-testid="pickup-code">{code ?? "支付后显示"}</span>} />
      </List>
      {code ? (
        <Result
          data-testid="fee-paid"
          status="success"
          title={state.paid.value ? "保管费已支付" : "无需支付保管费"}
          description={<span>取件码 <b>{code}</b>，请到驿站出示取件二维码</span>}
        />
      ) : null}
      <div className="fee-page__actions">
        {code ? (
          <Button block color="primary" data-testid="fee-done" onClick={props.onPaid}>完成</Button>
        ) : (
          <Button block color="primary" data-testid="pay-fee" loading={pay.pending} disabled={pay.pending} onClick={() => void pay.run(due)}>
            支付保管费 ¥{yuan(due)}
          </Button>
        )}
      </div>
    </div>
  )
}
