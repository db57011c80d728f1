/**
 * 我的取件码: the student's personal pick-up QR in a sheet, refreshed every minute while open, with the warning not to
 * forward it. Staff scanning it see every parcel the student may take at their station. No main phone: a bind link.
 */
import { Button, Popup } from "antd-mobile"
import { useState } from "react"
import { Link } from "wouter"
import { messages } from "#src/parcel/person-qr"
import { LoadFailed, Loading } from "../../../components/load-state"
import { usePersonalPickupQr } from "../api/pickup-qr"

const PickupQrSheet = () => {
  const qr = usePersonalPickupQr(true)
  if (qr.loading && !qr.data) return <Loading />
  if (qr.error || !qr.data) return <LoadFailed error={qr.error} fallback="获取取件码失败" onRetry={qr.reload} />
  return (
    <>
      <img className="home-qr__image" src={qr.data.qrimgBase64} alt="个人取件码" data-testid="home-pickup-qr-image" />
      <p className="home-qr__warning" data-testid="home-pickup-qr-warning">{messages.forwardWarning}</p>
    </>
  )
}

export const PickupQrCard = (props: { readonly phoneMain: string | null | undefined; readonly token: string }) => {
  const [open, setOpen] = useState(false)
  if (!props.phoneMain) {
    return (
      <Link href={`/addUserInfo/home/${props.token}`} className="home-qr home-qr--bind" data-testid="home-pickup-qr-bind">
        绑定手机号后可使用个人取件码 ›
      </Link>
    )
  }
  return (
    <>
      <Button className="home-qr" block color="primary" fill="outline" data-testid="home-pickup-qr" onClick={() => setOpen(true)}>
        我的取件码 · 到店出示，一次取走全部快递
      </Button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
        <section className="home-qr__sheet" aria-label="我的取件码">
          <h3 className="home-qr__title">我的取件码</h3>
          {open ? <PickupQrSheet /> : null}
          <Button block onClick={() => setOpen(false)}>关闭</Button>
        </section>
      </Popup>
    </>
  )
}
