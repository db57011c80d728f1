/** The runner's pickup QR of a door-delivery order they hold: staff scan it at the station to hand the parcel over. */
import { Button } from "antd-mobile"
import { LoadFailed, Loading } from "../../../components/load-state"
import { SheetButton } from "../../../components/sheet-button"
import { imageSrc } from "../../../lib/format"
import { useLoad } from "../../../lib/use-load"
import { fetchRunnerQr } from "../api/errand"


const QrBody = (props: { readonly id: string; readonly onClose: () => void }) => {
  const qr = useLoad(() => fetchRunnerQr(props.id), [props.id])
  return (
    <div className="errand-qr" data-testid="runner-qr" data-content={qr.data?.content}>
      <h3 className="errand-qr__title">到驿站出示取件码</h3>
      {qr.loading && !qr.data ? <Loading /> : qr.error || !qr.data ? <LoadFailed error={qr.error} fallback="获取取件码失败" onRetry={qr.reload} /> : (
        <img className="errand-qr__image" src={imageSrc(qr.data.qrimgBase64)} alt="跑腿取件二维码" data-testid="runner-qr-image" />
      )}
      <p className="errand-form__hint">工作人员扫码后即为已取件</p>
      <Button block data-testid="runner-qr-close" onClick={props.onClose}>关闭</Button>
    </div>
  )
}

export const RunnerQrButton = (props: { readonly id: string }) => {
  return (
    <SheetButton label="取件码" testId="order-qrcode" color="primary">
      {(close) => <QrBody id={props.id} onClose={close} />}
    </SheetButton>
  )
}
