/**
 * The tips and static pages (spec 002 §2): the beginner's list of three guides, the four image-only pages (pick-up,
 * sending, errands, freight; pictures bundled with the app), the about page and the official account's follow QR.
 * None needs a session; each ends with the static footer.
 */
import { List } from "antd-mobile"
import { ReceiptOutline, SendOutline, TruckOutline } from "antd-mobile-icons"
import type { ReactNode } from "react"
import { useLocation } from "wouter"
import { BRAND } from "#src/home/footer"
import { QrImage } from "../../../components/qr-image"
import { StaticFooter } from "../../../components/static-footer"
import { officialAccountUrl } from "../../../lib/official-account"
import jijian from "../images/jijian.svg"
import paotui from "../images/paotui.svg"
import qujian from "../images/qujian.svg"
import yunfei from "../images/yunfei.svg"
import "../tips.css"

export type TipImage = "qujian" | "jijian" | "paotui" | "yunfei"

const images: Record<TipImage, { readonly src: string; readonly alt: string }> = {
  qujian: { src: qujian, alt: "快速取件指南" },
  jijian: { src: jijian, alt: "自助寄件指南" },
  paotui: { src: paotui, alt: "校园跑腿指南" },
  yunfei: { src: yunfei, alt: "运费说明" }
}

const guides: ReadonlyArray<{ readonly path: string; readonly title: string; readonly description: string; readonly icon: ReactNode }> = [
  { path: "/qujianTips", title: "快速取件", description: "凭取件码到驿站取快递", icon: <ReceiptOutline /> },
  { path: "/jijianTips", title: "自助寄件", description: "在线下单，驿站帮你寄出", icon: <SendOutline /> },
  { path: "/paotuiTips", title: "校园跑腿", description: "快递送到宿舍楼下", icon: <TruckOutline /> }
]

export const HelpList = () => {
  const [, navigate] = useLocation()
  return (
    <div className="tips" data-testid="help-list">
      <List header="新手指引">
        {guides.map((g) => (
          <List.Item key={g.path} prefix={<span className="tips__icon">{g.icon}</span>} description={g.description} arrow
            onClick={() => navigate(g.path)} data-testid={`help${g.path.replace("/", "-")}`}>
            {g.title}
          </List.Item>
        ))}
      </List>
      <StaticFooter />
    </div>
  )
}

export const TipPicture = (props: { readonly image: TipImage }) => {
  const image = images[props.image]
  return (
    <div className="tips" data-testid={`tip-${props.image}`}>
      <img className="tips__image" src={image.src} alt={image.alt} data-testid="tip-image" />
      <StaticFooter />
    </div>
  )
}

export const Introduction = () => (
  <div className="tips" data-testid="introduction">
    <article className="tips__about">
      <h2>{BRAND}</h2>
      <p>{BRAND}是面向在校师生的校园快递服务平台：快递到站即通知，凭取件码或取件二维码到驿站取件；可以请同学代取，也可以下单由校园跑腿员送货上门；在线下单寄快递，驿站称重后帮你寄出。</p>
      <h3>我们提供</h3>
      <ul>
        <li>快递代收与取件通知</li>
        <li>找人代取、送货上门</li>
        <li>自助寄件、上门取件</li>
        <li>校园跑腿：同学帮同学，赚点零花钱</li>
      </ul>
      <h3>联系我们</h3>
      <p>关注公众号，从公众号菜单进入各项服务；使用中遇到问题，请在「客服」页查看常见问题或拨打客服热线。</p>
    </article>
    <StaticFooter />
  </div>
)

/** The official account's follow QR: a real QR of its configured address. */
export const FollowQr = () => (
  <div className="tips" data-testid="follow-page">
    <div className="follow-qr">
      <QrImage text={officialAccountUrl()} alt="公众号二维码" testId="follow-qr-image" className="follow-qr__image" />
      <p>长按识别二维码，关注「{BRAND}」公众号</p>
      <p className="follow-qr__hint">关注后从公众号菜单进入，即可取快递、寄快递、下单跑腿</p>
    </div>
    <StaticFooter />
  </div>
)
