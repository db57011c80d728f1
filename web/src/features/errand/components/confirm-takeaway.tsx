/**
 * The runner confirms the goods taken (`paotuiConfirmTakeaway`): an optional goods photo and, for a door
 * pickup (type 2), cash on delivery (freight paid at the other end, so the freight steps are skipped).
 */
import { Button, List, Switch, Toast } from "antd-mobile"
import { useState } from "react"
import { UploadField } from "#src/upload/image-upload"
import { ImageSlot } from "../../../components/image-slot"
import { SheetButton } from "../../../components/sheet-button"
import { failureMessage } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"
import { confirmTakeaway, type ErrandOrderView } from "../api/errand"

const Sheet = (props: { readonly order: ErrandOrderView; readonly onDone: () => void; readonly onClose: () => void }) => {
  const [pic, setPic] = useState<string | undefined>(undefined)
  const [daofu, setDaofu] = useState(false)
  const submit = useAction(async () => {
    try {
      await confirmTakeaway(props.order._id, pic ?? "", props.order.type === 2 && daofu)
      Toast.show({ icon: "success", content: "已确认取件" })
      props.onDone()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, "操作失败") })
    }
  })
  return (
    <div className="errand-qr" data-testid="confirm-takeaway">
      <h3 className="errand-qr__title">确认已取件</h3>
      <List>
        <List.Item title="物品照片（选填）">
          <ImageSlot field={UploadField.other} preset="small" url={pic} label="拍照上传" testId="confirm-photo"
            onUploaded={(u) => setPic(u.url)} onRemoved={() => setPic(undefined)} />
        </List.Item>
        {props.order.type === 2 ? (
          <List.Item title="运费到付" extra={<Switch data-testid="confirm-daofu" checked={daofu} onChange={setDaofu} />} />
        ) : null}
      </List>
      <div className="errand-form__actions">
        <Button block color="primary" data-testid="confirm-submit" loading={submit.pending} disabled={submit.pending} onClick={() => void submit.run()}>确认取件</Button>
        <Button block fill="none" onClick={props.onClose}>取消</Button>
      </div>
    </div>
  )
}

export const ConfirmTakeawayButton = (props: { readonly order: ErrandOrderView; readonly onDone: () => void }) => {
  return (
    <SheetButton label="确认取件" testId="order-confirm-takeaway" color="primary">
      {(close) => <Sheet order={props.order} onClose={close} onDone={() => { close(); props.onDone() }} />}
    </SheetButton>
  )
}
