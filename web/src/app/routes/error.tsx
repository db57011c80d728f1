/**
 * `/error/:errorCode`: a dead end with what went wrong (spec 002 §2). 10005 asks to follow the official account first
 * and shows its follow QR; the other codes show their text and the error QR, which reaches customer service (the
 * platform's line).
 */
import { Button, Result } from "antd-mobile"
import { useLocation } from "wouter"
import { BRAND } from "#src/home/footer"
import { PLATFORM_SERVICE_PHONE } from "#src/worksite/directory"
import { Page } from "../../components/page"
import { QrImage } from "../../components/qr-image"
import { officialAccountUrl } from "../../lib/official-account"

const FOLLOW_FIRST = "10005"

const errors: Record<string, { title: string; description: string }> = {
  "10000": { title: "微信授权失败", description: "暂时无法获取微信授权，请稍后从公众号菜单重新进入" },
  "10001": { title: "登录已失效", description: "获取个人信息失败，请从公众号菜单重新进入" },
  "10002": { title: "获取头像失败", description: "暂时无法获取您的微信头像，请稍后重试" },
  "10003": { title: "没有找到对应的订单", description: "该订单不存在或已被删除" },
  "10004": { title: "微信接口签名失败", description: "请关闭页面后从公众号菜单重新进入" },
  [FOLLOW_FIRST]: { title: "请先关注公众号", description: "长按识别下方二维码关注公众号后，从公众号菜单进入" }
}

export const ErrorRoute = (props: { readonly params: { readonly errorCode?: string } }) => {
  const [, navigate] = useLocation()
  const code = props.params.errorCode ?? ""
  const error = errors[code] ?? { title: "出错了", description: `错误代码 ${code}` }
  const followFirst = code === FOLLOW_FIRST
  return (
    <Page title="提示" back={false}>
      <Result status={followFirst ? "info" : "warning"} title={error.title} description={error.description} data-testid="error-result" />
      {followFirst ? (
        <div className="follow-qr" data-testid="follow-qr">
          <QrImage text={officialAccountUrl()} alt="公众号二维码" testId="follow-qr-image" className="follow-qr__image" />
          <p>{BRAND} · 长按识别关注</p>
        </div>
      ) : (
        <div className="error-qr" data-testid="error-qr">
          <p className="error-code" data-testid="error-code">错误代码：{code}</p>
          <QrImage text={`tel:${PLATFORM_SERVICE_PHONE}`} alt="客服二维码" testId="error-qr-image" />
          <p>长按识别二维码联系客服 {PLATFORM_SERVICE_PHONE}</p>
        </div>
      )}
      <div className="page__actions">
        <Button block color="primary" onClick={() => navigate("/")}>返回首页</Button>
      </div>
    </Page>
  )
}
