/**
 * `/deposit`: a worksite's SMS top-up (spec 002 §2, §9). Its short name and campus and its credit, the six tiles (each
 * with its SMS and rate, so the 500 tile's 15 per yuan shows before paying) and a custom amount floored to whole yuan;
 * the server prices it again, then the payment sheet; the credit is read again once paid.
 */
import { Button, Input, Toast } from "antd-mobile"
import { useState } from "react"
import { depositYuan, SMS_TILES, smsFor, smsRate, wholeYuan } from "#src/support/sms-credit"
import { LoadFailed, Loading } from "../../../components/load-state"
import { requestPayment } from "../../../components/pay-sheet"
import { failureMessage } from "../../../lib/api-client"
import { yuan } from "../../../lib/format"
import { useAction } from "../../../lib/use-action"
import type { UserInfo } from "../../../lib/user-info"
import { depositSms, useTopUpWorksite } from "../api/support"
import "../support.css"

/** The typed amount as a number of yuan (undefined when it is none). */
const typed = (text: string): number | undefined => {
  const n = Number(text)
  return text.trim() === "" || !Number.isFinite(n) ? undefined : n
}

export const DepositPage = (props: { readonly user: UserInfo }) => {
  const worksite = useTopUpWorksite(props.user)
  const [tile, setTile] = useState<number | undefined>(SMS_TILES[0]!.yuan)
  const [custom, setCustom] = useState("")
  const money = tile ?? typed(custom)
  const pay = useAction(async (worksiteId: string) => {
    const checked = depositYuan(money)
    if (typeof checked !== "number") {
      Toast.show({ content: checked.message })
      return
    }
    try {
      const sign = await depositSms(worksiteId, checked)
      const outcome = await requestPayment(sign, yuan(checked * 100))
      if (!outcome.paid) {
        if (outcome.message) Toast.show({ icon: "fail", content: outcome.message })
        return
      }
      Toast.show({ icon: "success", content: `充值成功，已到账${smsFor(checked)}条短信` })
      worksite.reload()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, "获取支付签名失败") })
    }
  })

  if (worksite.loading && !worksite.data) return <Loading />
  if (worksite.error) return <LoadFailed error={worksite.error} fallback="获取网点信息失败" onRetry={worksite.reload} />
  const site = worksite.data
  if (!site) return <LoadFailed error={undefined} fallback="请先选择您所在的网点" />
  const count = money === undefined ? 0 : smsFor(money)

  return (
    <div className="deposit">
      <section className="deposit__site">
        <h2 data-testid="deposit-site">{site.shortName}（{site.schoolCampus}）</h2>
        <p>短信余额 <b data-testid="sms-credit">{site.smsCredit}</b> 条</p>
      </section>
      <div className="deposit__tiles" role="radiogroup" aria-label="充值金额">
        {SMS_TILES.map((t) => (
          <button
            key={t.yuan} type="button" role="radio" aria-checked={tile === t.yuan} data-testid={`tile-${t.yuan}`}
            className={`deposit__tile ${tile === t.yuan ? "deposit__tile--on" : ""}`}
            onClick={() => { setTile(t.yuan); setCustom("") }}
          >
            <span className="deposit__yuan">{t.yuan}元</span>
            <span className="deposit__sms">{t.sms}条</span>
            <span className={`deposit__rate ${smsRate(t.yuan) < 25 ? "deposit__rate--low" : ""}`}>每元{smsRate(t.yuan)}条</span>
          </button>
        ))}
      </div>
      <div className="deposit__custom">
        <span>其他金额</span>
        <Input
          data-testid="deposit-custom" type="number" inputMode="decimal" placeholder="请输入充值金额（元）" value={custom}
          onChange={(v) => { setCustom(v); setTile(undefined) }}
        />
        <span>元</span>
      </div>
      <p className="deposit__summary" data-testid="deposit-summary">
        {money === undefined ? "请选择或输入充值金额" : `实付 ¥${yuan(Math.max(0, wholeYuan(money)) * 100)}，可得 ${count} 条短信（按整元计）`}
      </p>
      <div className="deposit__actions">
        <Button block color="primary" data-testid="deposit-pay" loading={pay.pending} disabled={pay.pending} onClick={() => void pay.run(site._id)}>
          立即充值
        </Button>
      </div>
    </div>
  )
}
