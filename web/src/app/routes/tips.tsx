/** The tips and static pages (no session): `/help`, `/qujianTips`, `/jijianTips`, `/paotuiTips`, `/yunfei`, `/introduction`, `/qrcode`. */
import { Page } from "../../components/page"
import { FollowQr, HelpList, Introduction, TipPicture } from "../../features/tips/components/tips"

export const HelpRoute = () => <Page title="新手指引"><HelpList /></Page>
export const QujianTipsRoute = () => <Page title="快速取件"><TipPicture image="qujian" /></Page>
export const JijianTipsRoute = () => <Page title="自助寄件"><TipPicture image="jijian" /></Page>
export const PaotuiTipsRoute = () => <Page title="校园跑腿"><TipPicture image="paotui" /></Page>
export const YunfeiRoute = () => <Page title="运费说明"><TipPicture image="yunfei" /></Page>
export const IntroductionRoute = () => <Page title="关于我们"><Introduction /></Page>
export const QrcodeRoute = () => <Page title="关注公众号"><FollowQr /></Page>
