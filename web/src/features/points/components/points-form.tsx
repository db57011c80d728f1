/** The points withdrawal screen: active points, the records link, the rules, a whole number and withdraw. */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Dialog, Input, Toast } from "antd-mobile"
import { useEffect, useState } from "react"
import { Link } from "wouter"
import { RuleViolation } from "#src/shared/errors"
import { convertPoints, DEFAULT_POINTS_RATIO, messages, POINTS_BLOCK } from "#src/wallet/points"
import { failureMessage } from "../../../lib/api-client"
import { yuan } from "../../../lib/format"
import { tokenPath } from "../../../lib/session"
import { sessionUser, USER_INFO_FAILED, useUserInfo } from "../../../lib/user-info"
import { useScoreToMoney } from "../api/score-to-money"
import { createPoints, messages as inputMessages } from "../state/points"

const notice = [
  `每${POINTS_BLOCK}积分可兑换${POINTS_BLOCK * DEFAULT_POINTS_RATIO}分钱（${yuan(POINTS_BLOCK * DEFAULT_POINTS_RATIO)}元），按整${POINTS_BLOCK}积分兑换`,
  `每次至少提现${POINTS_BLOCK}积分，不足${POINTS_BLOCK}的部分保留`,
  "兑换的金额计入账户余额，可在余额中申请提现"
]

export const PointsForm = (props: { readonly token: string }) => {
  useSignals()
  const user = useUserInfo(props.token)
  const [points] = useState(() => createPoints(sessionUser()?.activeScore))
  const { convert, converting } = useScoreToMoney()

  useEffect(() => { if (user.data) points.held.value = user.data.activeScore }, [user.data, points])
  useEffect(() => { if (user.error) Toast.show({ content: USER_INFO_FAILED, position: "top" }) }, [user.error])

  const held = points.held.value

  const submit = async () => {
    if (converting || held === undefined) return
    if (points.notWhole.value) {
      Toast.show({ content: inputMessages.wholeOnly })
      return
    }
    const requested = points.requested.value
    const decision = convertPoints({ requested, held })
    if (decision instanceof RuleViolation) {
      Toast.show({ content: decision.message })
      return
    }
    const sure = await Dialog.confirm({
      title: "确认积分提现",
      content: (
        <div className="points-confirm" data-testid="points-confirm">
          <p className="points-confirm__main">将 <b>{decision.points}</b> 积分兑换为 <b>{yuan(decision.moneyFen)}</b> 元</p>
          {decision.points !== requested ? <p className="points-confirm__rest">按整{POINTS_BLOCK}积分兑换，余下{requested - decision.points}积分保留</p> : null}
        </div>
      ),
      confirmText: "确认提现"
    })
    if (!sure) return
    try {
      await convert(decision.points)
      Toast.show({ content: messages.done, icon: "success", duration: 1000 })
      points.converted(decision.points)
      user.reload()
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.failed), icon: "fail" })
    }
  }

  return (
    <div className="wallet">
      <section className="wallet-card wallet-card--points">
        <div className="wallet-card__label">活跃积分</div>
        <div className="wallet-card__amount" data-testid="points">{held ?? "--"}</div>
        <nav className="wallet-card__links">
          <Link href={`/moneyDetail/4/${tokenPath(props.token)}`} data-testid="link-points-records">积分提现记录 ›</Link>
        </nav>
      </section>

      <section className="form-card">
        <label className="form-card__label" htmlFor="points-amount">提现积分</label>
        <Input
          id="points-amount"
          data-testid="points-amount"
          className="points-input"
          inputMode="numeric"
          placeholder={`请输入提现积分（至少${POINTS_BLOCK}）`}
          value={points.text.value}
          onChange={points.type}
          onEnterPress={() => void submit()}
          clearable
        />
        {points.notWhole.value ? <p className="form-card__error" data-testid="points-not-whole" role="alert">{inputMessages.wholeOnly}</p> : null}
        <Button
          data-testid="points-submit"
          block
          color="primary"
          size="large"
          loading={converting}
          disabled={!held}
          onClick={() => void submit()}
        >
          积分提现
        </Button>
      </section>

      <section className="notice-card" aria-label="积分提现须知">
        <h2>积分提现须知</h2>
        <ol>
          {notice.map((line) => <li key={line}>{line}</li>)}
        </ol>
      </section>
    </div>
  )
}
