/** §1, §6: what a visitor may not do (contact an owner, enter the market) opens the official account's follow QR. */
import { Dialog } from "antd-mobile"
import { FOLLOW_FIRST } from "#src/circle/viewer"
import { QrImage } from "../../../components/qr-image"
import { officialAccountUrl } from "../../../lib/official-account"

export const showFollowDialog = () =>
  Dialog.alert({
    title: FOLLOW_FIRST,
    content: (
      <div className="circle-follow" data-testid="circle-follow-dialog">
        <QrImage text={officialAccountUrl()} alt="公众号二维码" testId="circle-follow-qr" className="circle-follow__qr" />
        <p>长按识别二维码关注公众号，绑定网点后即可联系发布者、逛校园集市</p>
      </div>
    ),
    confirmText: "我知道了"
  })
