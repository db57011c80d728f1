/**
 * The messaging app's payment sheet. Inside the app, `WeixinJSBridge.invoke("getBrandWCPayRequest")`
 * shows the real one; elsewhere (the local fake messaging app) a sheet stands in for it and has the
 * simulated provider take the payment, which then notifies the server as the real provider would.
 */
import { Dialog, Toast } from "antd-mobile"
import { failureMessage } from "../lib/api-client"
import { yuan } from "../lib/format"
import { fetchPaySign, simulatedPay, type PaySignData } from "../lib/pay-in"

interface Bridge {
  invoke(name: "getBrandWCPayRequest", data: PaySignData, callback: (res: { readonly err_msg: string }) => void): void
}

declare global {
  interface Window {
    WeixinJSBridge?: Bridge
  }
}

export type PayOutcome = { readonly paid: true } | { readonly paid: false; readonly message?: string }

const appSheet = (bridge: Bridge, data: PaySignData) =>
  new Promise<PayOutcome>((resolve) =>
    bridge.invoke("getBrandWCPayRequest", data, (res) =>
      resolve(res.err_msg === "get_brand_wcpay_request:ok" ? { paid: true } : { paid: false, ...(res.err_msg.endsWith(":cancel") ? {} : { message: "支付失败" }) })))

const simulatedSheet = async (data: PaySignData, amountText: string): Promise<PayOutcome> => {
  const confirmed = await Dialog.confirm({
    title: "模拟支付",
    content: <div className="pay-sheet" data-testid="pay-sheet"><p className="pay-sheet__amount">¥{amountText}</p><p className="pay-sheet__hint">本地模拟支付（开发环境）</p></div>,
    confirmText: <span data-testid="pay-confirm">确认支付</span>,
    cancelText: "取消"
  })
  if (!confirmed) return { paid: false }
  try {
    const answer = await simulatedPay(data)
    return answer.notified ? { paid: true } : { paid: false, message: "支付结果通知失败" }
  } catch (error) {
    return { paid: false, message: failureMessage(error, "支付失败") }
  }
}

export const requestPayment = (data: PaySignData, amountText: string): Promise<PayOutcome> =>
  window.WeixinJSBridge ? appSheet(window.WeixinJSBridge, data) : simulatedSheet(data, amountText)

/**
 * Pays a trade the server opened (its prepay id and amount, fen): the pay-sign, then the sheet. True once paid
 * ('支付成功' shown); a cancelled sheet is false, a failed one shows why. A failed pay-sign call throws.
 */
export const payPrepay = async (trade: { readonly prepayId: string; readonly totalFee: number }): Promise<boolean> => {
  const outcome = await requestPayment(await fetchPaySign(trade.prepayId), yuan(trade.totalFee))
  if (!outcome.paid) {
    if (outcome.message) Toast.show({ icon: "fail", content: outcome.message })
    return false
  }
  Toast.show({ icon: "success", content: "支付成功" })
  return true
}
