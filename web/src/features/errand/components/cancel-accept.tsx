/** `/cancelPaotuiAccept`: the runner gives an accepted order up, with a reason type and a reason of 5–50 characters. */
import { useSignals } from "@preact/signals-react/runtime"
import { signal } from "@preact/signals-react"
import { Button, List, Selector, TextArea, Toast } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import { counter } from "#src/errand/order-form"
import { CANCEL_REASON_MAX, CANCEL_REASON_MIN, cancelReasonRefusal, cancelReasonTypes, errandMessages, type CancelReasonType } from "#src/errand/status-machine"
import { failureMessage } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { useAction } from "../../../lib/use-action"
import { runnerCancel } from "../api/errand"
import "../errand.css"

const createCancelForm = () => ({ reasonType: signal<CancelReasonType>(1), reason: signal("") })

export const CancelAccept = (props: { readonly orderNo: string; readonly paotuiType: string; readonly token: string | undefined }) => {
  useSignals()
  const [f] = useState(createCancelForm)
  const [, navigate] = useLocation()
  const token = tokenPath(props.token ?? "")
  const submit = useAction(async () => {
    const refused = cancelReasonRefusal(f.reason.value)
    if (refused) {
      Toast.show({ content: refused.message })
      return
    }
    try {
      await runnerCancel(props.orderNo, props.paotuiType, f.reasonType.value, f.reason.value.trim())
      Toast.show({ icon: "success", content: "已取消接单" })
      navigate(`/robbingList/2/ing/${token}`, { replace: true })
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, errandMessages.cancelFailed) })
    }
  })
  const count = counter(f.reason.value, CANCEL_REASON_MAX)
  return (
    <div className="errand-form">
      <List mode="card" header={`取消跑腿单 ${props.orderNo}`}>
        <List.Item title="取消类型">
          <Selector
            data-testid="cancel-type"
            columns={2}
            value={[f.reasonType.value]}
            options={([1, 2] as const).map((v) => ({ label: cancelReasonTypes[v], value: v }))}
            onChange={(v) => { if (v[0] !== undefined) f.reasonType.value = v[0] }}
          />
          {f.reasonType.value === 1 ? <div className="errand-form__hint">个人原因取消将扣除信用分</div> : null}
        </List.Item>
        <List.Item title="取消原因">
          <TextArea data-testid="cancel-reason" placeholder={`请填写取消原因（${CANCEL_REASON_MIN}-${CANCEL_REASON_MAX}字）`} rows={4} value={f.reason.value} onChange={(v) => { f.reason.value = v }} />
          <div className={`errand-counter${count.over ? " errand-counter--over" : ""}`} data-testid="cancel-counter">{count.text}</div>
        </List.Item>
      </List>
      <div className="errand-form__actions">
        <Button block color="danger" data-testid="cancel-submit" loading={submit.pending} disabled={submit.pending} onClick={() => void submit.run()}>确认取消</Button>
      </div>
    </div>
  )
}
