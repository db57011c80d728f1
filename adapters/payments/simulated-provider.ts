/**
 * A local stand-in for the messaging app's payment service: signed requests (HMAC-SHA256 over the
 * sorted fields, as the real API signs), prepay, client pay signatures, signed notifications and
 * transfers to a user's wallet, with the real service's failures (bad signature, below minimum,
 * merchant funds short, unknown user). Transfers are idempotent by trade number.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import { Effect } from "effect"
import { Payouts } from "#src/wallet/wallet-store"

type Fields = Record<string, string | number>

export const signFields = (fields: Fields, key: string) =>
  createHmac("sha256", key)
    .update(Object.keys(fields).filter((k) => k !== "sign" && fields[k] !== "").sort().map((k) => `${k}=${fields[k]}`).join("&") + `&key=${key}`)
    .digest("hex").toUpperCase()

const signatureOk = (fields: Fields, key: string, leaveOut: ReadonlyArray<string> = []) => {
  const given = Buffer.from(String(fields.sign ?? ""))
  const signed = Object.fromEntries(Object.entries(fields).filter(([k]) => !leaveOut.includes(k)))
  const expected = Buffer.from(signFields(signed, key))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export const MIN_TRANSFER_FEN = 30

interface Order {
  readonly prepayId: string
  readonly totalFee: number
  /** Epoch ms after which the order cannot be paid (time_expire). */
  readonly expiresAt: number
  state: "open" | "paid" | "closed" | "refunded"
  transactionId: string | undefined
  readonly refunds: Map<string, string>
}

export type ProviderAnswer = { ok: true; reference: string } | { ok: false; reason: string }

export interface ProviderOptions {
  readonly merchantFundsFen?: number
  readonly knownOpenid?: (openid: string) => boolean
  readonly now?: () => number
}

export class SimulatedPaymentProvider {
  private readonly transfers = new Map<string, ProviderAnswer>()
  private readonly prepays = new Map<string, { outTradeNo: string; totalFee: number }>()
  private readonly orders = new Map<string, Order>()
  /** Failures to answer while set, as the real service sometimes does (e.g. `{ pay: "余额不足" }`). */
  failures: Partial<Record<"prepay" | "pay" | "refund", string>> = {}

  private merchantFundsFen: number
  private readonly knownOpenid: (openid: string) => boolean
  private readonly now: () => number

  /**
   * `now` is the time the provider lives in (epoch ms; default the real time): the runtime gives it its
   * own clock, so a server whose clock is set (tests that fix the hour) and its provider agree on when
   * an order expires.
   */
  constructor(private readonly key: string, options: ProviderOptions = {}) {
    this.merchantFundsFen = options.merchantFundsFen ?? 10_000_000
    this.knownOpenid = options.knownOpenid ?? (() => true)
    this.now = options.now ?? Date.now
  }

  transfer(request: Fields): ProviderAnswer {
    if (!signatureOk(request, this.key)) return { ok: false, reason: "签名错误" }
    const tradeNo = String(request.partner_trade_no)
    const done = this.transfers.get(tradeNo)
    if (done) return done
    const amount = Number(request.amount)
    const answer: ProviderAnswer =
      !Number.isInteger(amount) || amount < MIN_TRANSFER_FEN ? { ok: false, reason: "付款金额不能小于最低限额" }
      : amount > this.merchantFundsFen ? { ok: false, reason: "商户余额不足" }
      : !this.knownOpenid(String(request.openid)) ? { ok: false, reason: "openid与商户appid不匹配" }
      : { ok: true, reference: `TR${Date.now()}${randomBytes(4).toString("hex")}` }
    if (answer.ok) this.merchantFundsFen -= amount
    if (answer.ok || answer.reason !== "商户余额不足") this.transfers.set(tradeNo, answer)
    return answer
  }

  prepay(request: Fields): { ok: true; prepayId: string } | { ok: false; reason: string } {
    if (!signatureOk(request, this.key)) return { ok: false, reason: "签名错误" }
    if (this.failures.prepay) return { ok: false, reason: this.failures.prepay }
    const outTradeNo = String(request.out_trade_no)
    const totalFee = Number(request.total_fee)
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(outTradeNo)) return { ok: false, reason: "商户订单号格式错误" }
    if (!Number.isInteger(totalFee) || totalFee < 1) return { ok: false, reason: "金额不正确" }
    if (this.orders.has(outTradeNo)) return { ok: false, reason: "商户订单号重复" }
    const prepayId = `wx${randomBytes(12).toString("hex")}`
    const expiresAt = request.time_expire === undefined ? Number.POSITIVE_INFINITY : Number(request.time_expire)
    this.prepays.set(prepayId, { outTradeNo, totalFee })
    this.orders.set(outTradeNo, { prepayId, totalFee, expiresAt, state: "open", transactionId: undefined, refunds: new Map() })
    return { ok: true, prepayId }
  }

  /** What the provider posts back once the user has paid: signed with the merchant key. */
  notification(prepayId: string): Fields | undefined {
    const prepay = this.prepays.get(prepayId)
    if (!prepay) return undefined
    const order = this.orders.get(prepay.outTradeNo)
    const fields: Fields = {
      out_trade_no: prepay.outTradeNo, total_fee: prepay.totalFee, result_code: "SUCCESS", nonce_str: randomBytes(8).toString("hex"),
      ...(order?.transactionId ? { transaction_id: order.transactionId } : {})
    }
    return { ...fields, sign: signFields(fields, this.key) }
  }

  /**
   * The payment sheet's "pay": the pay-sign the merchant server made must verify, the order must be
   * open and within its time; then the money is taken and the signed notice to post is answered.
   */
  pay(form: object, at: number = this.now()): { ok: true; notice: Fields } | { ok: false; reason: string } {
    const sheet = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string" || typeof v === "number")) as Fields
    if (!signatureOk({ ...sheet, sign: sheet.paySign ?? "" }, this.key, ["paySign"])) return { ok: false, reason: "支付签名错误" }
    const prepayId = String(sheet.package ?? "").replace(/^prepay_id=/, "")
    const prepay = this.prepays.get(prepayId)
    const order = prepay && this.orders.get(prepay.outTradeNo)
    if (!prepay || !order) return { ok: false, reason: "订单不存在" }
    if (order.state === "paid" || order.state === "refunded") return { ok: false, reason: "订单已支付" }
    if (order.state === "closed") return { ok: false, reason: "订单已关闭" }
    if (at >= order.expiresAt) return { ok: false, reason: "订单已过期" }
    if (this.failures.pay) return { ok: false, reason: this.failures.pay }
    order.state = "paid"
    order.transactionId = `42${Date.now()}${randomBytes(6).toString("hex")}`
    return { ok: true, notice: this.notification(prepayId)! }
  }

  /** Closes an unpaid order (closeorder): it can no longer be paid. An unknown order is as good as closed. */
  close(request: Fields): { ok: true } | { ok: false; reason: string } {
    if (!signatureOk(request, this.key)) return { ok: false, reason: "签名错误" }
    const order = this.orders.get(String(request.out_trade_no))
    if (order && (order.state === "paid" || order.state === "refunded")) return { ok: false, reason: "订单已支付" }
    if (order) order.state = "closed"
    return { ok: true }
  }

  /** Refunds a paid order, once per refund number, at most its total. */
  refund(request: Fields): { ok: true; reference: string } | { ok: false; reason: string } {
    if (!signatureOk(request, this.key)) return { ok: false, reason: "签名错误" }
    const order = this.orders.get(String(request.out_trade_no))
    if (!order || (order.state !== "paid" && order.state !== "refunded")) return { ok: false, reason: "订单未支付" }
    const refundNo = String(request.out_refund_no)
    const done = order.refunds.get(refundNo)
    if (done) return { ok: true, reference: done }
    if (this.failures.refund) return { ok: false, reason: this.failures.refund }
    const amount = Number(request.refund_fee)
    const refunded = [...order.refunds.keys()].length ? order.totalFee : 0
    if (!Number.isInteger(amount) || amount < 1 || amount + refunded > order.totalFee) return { ok: false, reason: "退款金额大于支付金额" }
    const reference = `50${Date.now()}${randomBytes(6).toString("hex")}`
    order.refunds.set(refundNo, reference)
    order.state = "refunded"
    return { ok: true, reference }
  }

  static verifyNotification(fields: Fields, key: string) {
    return signatureOk(fields, key)
  }
}

/** The Payouts port over the provider: signs each transfer request as the real client would. */
export const payouts = (provider: SimulatedPaymentProvider, key: string) => Payouts.of({
  transfer: ({ withdrawalId, openid, amountFen }) =>
    Effect.sync(() => {
      const fields: Fields = { partner_trade_no: withdrawalId, openid, amount: amountFen, desc: "提现", nonce_str: randomBytes(8).toString("hex") }
      return provider.transfer({ ...fields, sign: signFields(fields, key) })
    })
})
