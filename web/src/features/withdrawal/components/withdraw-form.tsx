/** The withdraw-money screen: balance, links to details and records, the rules, the amount and submit. */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Dialog, Input, Toast } from "antd-mobile"
import { useEffect, useState } from "react"
import { Link } from "wouter"
import { checkAmount, messages, payoutOf, WITHDRAWAL_LIMITS, withdrawalFee, withdrawalFeeRate } from "#src/wallet/withdrawal"
import { ApiFailure } from "../../../lib/api-client"
import { yuan } from "../../../lib/format"
import { tokenPath } from "../../../lib/session"
import { sessionUser, USER_INFO_FAILED, useUserInfo } from "../../../lib/user-info"
import { useWithdraw } from "../api/withdraw"
import { createWallet } from "../state/wallet"

const notice = [
  `每天最多可提现${WITHDRAWAL_LIMITS.perDayCount}次，每分钟只能提交一次申请`,
  `每日提现总额不超过${yuan(WITHDRAWAL_LIMITS.perDayFen)}元，单笔${yuan(WITHDRAWAL_LIMITS.minFen)}～${yuan(WITHDRAWAL_LIMITS.maxFen)}元`,
  `提现收取${withdrawalFeeRate}手续费，从提现金额中扣除`,
  "审核通过后款项将转入您的微信钱包"
]

const feeHint = (amountFen: number) => {
  const fee = withdrawalFee(amountFen)
  return `手续费 ¥${yuan(fee)}，预计到账 ¥${yuan(payoutOf({ money: amountFen, fee }))}`
}

/** A server refusal is shown after a second; anything else gets the generic failure. */
const showFailure = (error: unknown) => {
  if (error instanceof ApiFailure && error.message !== "") {
    const message = error.message
    setTimeout(() => Toast.show({ content: message, icon: "fail" }), 1000)
  } else {
    Toast.show({ content: messages.failed, icon: "fail" })
  }
}

export const WithdrawForm = (props: { readonly token: string }) => {
  useSignals()
  const user = useUserInfo(props.token)
  const [wallet] = useState(() => createWallet(sessionUser()?.money))
  const { withdraw, submitting } = useWithdraw()

  useEffect(() => { if (user.data) wallet.balanceFen.value = user.data.money }, [user.data, wallet])
  useEffect(() => { if (user.error) Toast.show({ content: USER_INFO_FAILED, position: "top" }) }, [user.error])

  const balance = wallet.balanceFen.value
  const amount = wallet.amountFen.value

  const submit = async () => {
    if (submitting || balance === undefined) return
    const problem = checkAmount(amount, balance)
    if (problem || amount === undefined) {
      Toast.show({ content: problem?.message ?? messages.amountRequired })
      return
    }
    Toast.clear()
    if (!(await Dialog.confirm({ content: messages.confirm }))) return
    try {
      await withdraw(amount)
      Toast.show({ content: messages.applied, icon: "success" })
      wallet.withdrawn(amount)
    } catch (error) {
      showFailure(error)
    }
  }

  const valid = amount !== undefined && checkAmount(amount, balance ?? 0) === undefined
  return (
    <div className="wallet">
      <section className="wallet-card">
        <div className="wallet-card__label">账户余额（元）</div>
        <div className="wallet-card__amount" data-testid="balance">{balance === undefined ? "--" : yuan(balance)}</div>
        <nav className="wallet-card__links">
          <Link href={`/moneyDetail/0/${tokenPath(props.token)}`} data-testid="link-money-detail">资金明细 ›</Link>
          <Link href={`/takecashList/${tokenPath(props.token)}`} data-testid="link-withdrawals">提现记录 ›</Link>
        </nav>
      </section>

      <section className="form-card">
        <label className="form-card__label" htmlFor="withdraw-amount">提现金额</label>
        <div className="amount-input">
          <span className="amount-input__currency">¥</span>
          <Input
            id="withdraw-amount"
            data-testid="withdraw-amount"
            inputMode="decimal"
            placeholder="请输入提现金额"
            value={wallet.amountText.value}
            onChange={wallet.typeAmount}
            onEnterPress={() => void submit()}
            clearable
          />
        </div>
        <div className="form-card__hint">
          {valid ? feeHint(amount) : `可提现余额 ¥${balance === undefined ? "--" : yuan(balance)}`}
        </div>
        <Button
          data-testid="withdraw-submit"
          block
          color="primary"
          size="large"
          loading={submitting}
          disabled={!balance}
          onClick={() => void submit()}
        >
          申请提现
        </Button>
      </section>

      <section className="notice-card" aria-label="提现须知">
        <h2>提现须知</h2>
        <ol>
          {notice.map((line) => <li key={line}>{line}</li>)}
        </ol>
      </section>
    </div>
  )
}
