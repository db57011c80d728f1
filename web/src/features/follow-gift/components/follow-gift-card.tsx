/**
 * The exchange QR page (spec 002 §2 /subscribeActive): the follower's nickname (first 6 characters), main phone, the
 * gift's status (0 未兑换, 1 已兑换, else --) and its signed QR for the station staff to scan. It flips to 已兑换 live
 * when the staff redeem it. Someone who does not follow the official account is sent to its follow QR.
 */
import { Result, Toast } from "antd-mobile"
import { Link } from "wouter"
import { giftStatusText, GiftStatus, messages } from "#src/home/subscribe-gift"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { useSocketEvents } from "../../../lib/socket"
import { useFollowGift } from "../api/follow-gift"
import "../follow-gift.css"

export const GIFT_EVENT = "subscribeGiftExchanged"

export const FollowGiftCard = (props: { readonly token: string | undefined }) => {
  const gift = useFollowGift(props.token)
  useSocketEvents(props.token, [GIFT_EVENT], () => {
    Toast.show({ content: messages.exchangeDone, icon: "success" })
    gift.reload()
  })
  if (!props.token) return <LoadFailed error={undefined} fallback="请从公众号菜单进入" />
  if (gift.loading && !gift.data) return <Loading />
  if (gift.error || !gift.data) {
    if (failureMessage(gift.error, "") === messages.notFollowing) {
      return (
        <Result status="info" title={messages.notFollowing} data-testid="gift-not-following"
          description={<Link href="/qrcode">关注公众号后即可领取礼品 ›</Link>} />
      )
    }
    return <LoadFailed error={gift.error} fallback={messages.loadFailed} onRetry={gift.reload} />
  }
  const g = gift.data
  const redeemed = g.status === GiftStatus.exchanged
  return (
    <section className="gift" data-testid="gift" data-status={g.status}>
      <dl className="gift__rows">
        <div><dt>昵称</dt><dd data-testid="gift-nickname">{g.user.nickname || "--"}</dd></div>
        <div><dt>手机号</dt><dd data-testid="gift-phone">{g.user.phoneMain || "--"}</dd></div>
        <div><dt>兑换状态</dt><dd data-testid="gift-status" className={redeemed ? "gift__status--done" : "gift__status--open"}>{giftStatusText(g.status)}</dd></div>
      </dl>
      <div className={`gift__qr ${redeemed ? "gift__qr--done" : ""}`}>
        <img src={g.qrImage} alt="兑换二维码" data-testid="gift-qr" />
        {redeemed ? <span className="gift__stamp">已兑换</span> : null}
      </div>
      <p className="gift__tip">{redeemed ? "礼品已领取，感谢关注" : "到驿站出示此码，由工作人员扫码兑换礼品；二维码每分钟刷新，请勿转发截图"}</p>
    </section>
  )
}
