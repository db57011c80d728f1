/**
 * Rating a finished errand (`/comment/...`): stars, service tags (good/bad attitude and on time/late exclude
 * each other), an optional tip of 1, 2 or 3 yuan or a custom amount. A tip is paid first through the payment
 * sheet (priced on the server); the rating is sent once it is paid.
 */
import { Button, Input, Selector, Toast } from "antd-mobile"
import { StarFill } from "antd-mobile-icons"
import { useRef, useState } from "react"
import { ratingRefusal, ratingMessages, ratingTagNames, tipRefusal, tipFen, TIP_OPTIONS_FEN, toggleTag, type RatingTag } from "#src/errand/rating"
import { failureMessage, newIdempotencyKey } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"
import { yuan } from "../../../lib/format"
import { requestPayment } from "../../../components/pay-sheet"
import { fetchPaySign } from "../../../lib/pay-in"
import { prepayTip, rate } from "../api/team"
import "../errand-team.css"

const TAGS: ReadonlyArray<RatingTag> = [1, 2, 3, 4]
type TipChoice = "none" | "custom" | number

export interface RatingTarget {
  readonly orderId: string
  readonly acceptOpenid: string
  readonly runnerName: string
  readonly time: string
}

export const RatingForm = (props: { readonly target: RatingTarget; readonly onDone: () => void }) => {
  const { target } = props
  const [score, setScore] = useState(0)
  const [tags, setTags] = useState<ReadonlyArray<RatingTag>>([])
  const [tip, setTip] = useState<TipChoice>("none")
  const [custom, setCustom] = useState("")
  const paidFen = useRef(0)
  const key = useRef(newIdempotencyKey())
  const submit = useAction(async () => {
    const refused = ratingRefusal({ score, tags })
    if (refused) return Toast.show({ content: refused.message })
    const fen = tip === "none" ? 0 : tip === "custom" ? tipFen(custom) : tip
    if (fen === undefined || (tip === "custom" && fen === 0)) return Toast.show({ content: ratingMessages.tip })
    const tipRefused = tipRefusal(fen)
    if (tipRefused) return Toast.show({ content: tipRefused.message })

    try {
      if (fen > paidFen.current) {
        const { prepayId } = await prepayTip(target.orderId, fen - paidFen.current)
        const outcome = await requestPayment(await fetchPaySign(prepayId), yuan(fen - paidFen.current))
        if (!outcome.paid) return outcome.message ? Toast.show({ content: outcome.message, icon: "fail" }) : undefined
        paidFen.current = fen
      }
      await rate({ paotuiId: target.orderId, acceptOpenid: target.acceptOpenid, score, tags, rewardMoney: paidFen.current }, key.current)
      Toast.show({ content: ratingMessages.done, icon: "success" })
      props.onDone()
    } catch (error) {
      Toast.show({ content: failureMessage(error, ratingMessages.failed), icon: "fail" })
    }
  })

  return (
    <div className="rating" data-testid="rating-form">
      <div className="rating__runner">
        <div className="rating__name" data-testid="rating-runner">{target.runnerName || "跑腿员"}</div>
        <div className="rating__time">{target.time}</div>
      </div>
      <section className="rating__block">
        <h3>服务评分</h3>
        <span className="rating__stars" data-testid="rating-stars" role="radiogroup" aria-label="服务评分">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={score === n}
              aria-label={`${n}星`}
              data-testid={`rating-star-${n}`}
              className={`rating__star ${n <= score ? "rating__star--on" : ""}`}
              onClick={() => setScore(n)}
            >
              <StarFill />
            </button>
          ))}
        </span>
        <span className="rating__score">{score > 0 ? `${score}星` : "请打分"}</span>
      </section>
      <section className="rating__block">
        <h3>服务标签</h3>
        <div className="rating__tags">
          {TAGS.map((t) => (
            <button
              key={t}
              type="button"
              data-testid={`rating-tag-${t}`}
              className={`rating__tag ${tags.includes(t) ? "rating__tag--on" : ""} ${t === 2 || t === 4 ? "rating__tag--bad" : ""}`}
              aria-pressed={tags.includes(t)}
              onClick={() => setTags(toggleTag(tags, t))}
            >
              {ratingTagNames[t]}
            </button>
          ))}
        </div>
      </section>
      <section className="rating__block">
        <h3>打赏跑腿员（选填）</h3>
        <Selector
          data-testid="rating-tip"
          columns={3}
          value={[String(tip)]}
          onChange={(v) => setTip(v[0] === undefined || v[0] === "none" ? "none" : v[0] === "custom" ? "custom" : Number(v[0]))}
          options={[
            { label: "不打赏", value: "none" },
            ...TIP_OPTIONS_FEN.map((f) => ({ label: `${yuan(f)}元`, value: String(f) })),
            { label: "自定义", value: "custom" }
          ]}
        />
        {tip === "custom" ? (
          <div className="rating__custom">
            <Input data-testid="rating-tip-custom" placeholder="输入赏金（元）" inputMode="decimal" value={custom} onChange={setCustom} maxLength={9} />
            <span>元</span>
          </div>
        ) : null}
        {paidFen.current > 0 ? <p className="rating__paid" data-testid="rating-tip-paid">已打赏 ¥{yuan(paidFen.current)}</p> : null}
      </section>
      <div className="page__actions">
        <Button block color="primary" size="large" loading={submit.pending} onClick={() => void submit.run()} data-testid="rating-submit">提交评价</Button>
      </div>
    </div>
  )
}
