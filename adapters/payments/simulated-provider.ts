/**
 * A local stand-in for the messaging app's payment service: signed requests (HMAC-SHA256 over the
 * sorted fields, as the real API signs), prepay, client pay signatures, signed notifications, closing,
 * refunds and transfers to a user's wallet, with the real service's failures (bad signature, below minimum,
 * merchant funds short, unknown user, unknown order). Transfers are idempotent by trade number, refunds by
 * refund number. It keeps its books in the database, in its own tables (`provider-books.ts`), so every
 * process on the database (a restarted server, several servers, a `station` command) knows the same orders.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { Payouts } from "#src/wallet/wallet-store"
import type { OutsideWrites } from "../postgres/outside-writes"
import type { DB } from "../postgres/schema"
import { providerBooks, type ProviderOrder } from "./provider-books"

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

export type ProviderAnswer = { ok: true; reference: string } | { ok: false; reason: string }

export interface ProviderOptions {
  readonly knownOpenid?: (openid: string) => boolean
  readonly now?: () => number
}

const FUNDS_SHORT = "商户余额不足"

export class SimulatedPaymentProvider {
  /** Failures to answer while set, as the real service sometimes does (e.g. `{ pay: "余额不足" }`). */
  failures: Partial<Record<"prepay" | "pay" | "refund", string>> = {}

  private readonly knownOpenid: (openid: string) => boolean
  private readonly now: () => number

  /**
   * Its books are kept through `outside`, apart from any transaction of the station that calls it (`caller`, the
   * transaction or pool a request comes from): a request it answered stays answered when the caller rolls back.
   * `now` is the time the provider lives in (epoch ms; default the real time): the runtime gives it its own
   * clock, so a server whose clock is set (tests that fix the hour) and its provider agree on when an order expires.
   */
  constructor(private readonly key: string, private readonly outside: OutsideWrites, options: ProviderOptions = {}) {
    this.knownOpenid = options.knownOpenid ?? (() => true)
    this.now = options.now ?? Date.now
  }

  transfer(request: Fields, caller?: Kysely<DB>): Promise<ProviderAnswer> {
    if (!signatureOk(request, this.key)) return Promise.resolve({ ok: false, reason: "签名错误" })
    const tradeNo = String(request.partner_trade_no)
    const openid = String(request.openid)
    const amount = Number(request.amount)
    return this.outside.run(caller, async (on) => {
      const books = providerBooks(on)
      const funds = await books.lockFunds()
      const done = await books.transferOf(tradeNo)
      if (done) return done.payment_no !== null ? { ok: true, reference: done.payment_no } : { ok: false, reason: done.refusal ?? "" }
      const refusal = !Number.isInteger(amount) || amount < MIN_TRANSFER_FEN ? "付款金额不能小于最低限额"
        : amount > funds ? FUNDS_SHORT
        : !this.knownOpenid(openid) ? "openid与商户appid不匹配"
        : undefined
      if (refusal === FUNDS_SHORT) return { ok: false, reason: refusal }
      const reference = refusal === undefined ? `TR${Date.now()}${randomBytes(4).toString("hex")}` : null
      if (reference) await books.debit(amount)
      await books.recordTransfer({
        partner_trade_no: tradeNo, openid, amount: Number.isSafeInteger(amount) && Math.abs(amount) < 2 ** 31 ? amount : null,
        payment_no: reference, refusal: refusal ?? null, created_at: new Date(this.now())
      })
      return reference ? { ok: true, reference } : { ok: false, reason: refusal! }
    })
  }

  prepay(request: Fields, caller?: Kysely<DB>): Promise<{ ok: true; prepayId: string } | { ok: false; reason: string }> {
    const refused = (reason: string) => Promise.resolve({ ok: false as const, reason })
    if (!signatureOk(request, this.key)) return refused("签名错误")
    if (this.failures.prepay) return refused(this.failures.prepay)
    const outTradeNo = String(request.out_trade_no)
    const totalFee = Number(request.total_fee)
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(outTradeNo)) return refused("商户订单号格式错误")
    if (!Number.isInteger(totalFee) || totalFee < 1 || totalFee >= 2 ** 31) return refused("金额不正确")
    const expire = request.time_expire === undefined ? Number.NaN : Number(request.time_expire)
    const prepayId = `wx${randomBytes(12).toString("hex")}`
    return this.outside.run(caller, async (on) => {
      const opened = await providerBooks(on).openOrder({
        out_trade_no: outTradeNo, prepay_id: prepayId, total_fee: totalFee, body: String(request.body ?? ""),
        openid: request.openid === undefined ? null : String(request.openid), expires_at: Number.isFinite(expire) ? new Date(expire) : null,
        created_at: new Date(this.now())
      })
      return opened ? { ok: true as const, prepayId } : { ok: false as const, reason: "商户订单号重复" }
    })
  }

  /** What the provider posts back once the user has paid: signed with the merchant key. */
  async notification(prepayId: string): Promise<Fields | undefined> {
    const order = await this.outside.run(undefined, (on) => providerBooks(on).orderByPrepayId(prepayId))
    return order && this.noticeOf(order)
  }

  private noticeOf(order: Pick<ProviderOrder, "out_trade_no" | "total_fee" | "transaction_id">): Fields {
    const fields: Fields = {
      out_trade_no: order.out_trade_no, total_fee: order.total_fee, result_code: "SUCCESS", nonce_str: randomBytes(8).toString("hex"),
      ...(order.transaction_id ? { transaction_id: order.transaction_id } : {})
    }
    return { ...fields, sign: signFields(fields, this.key) }
  }

  /**
   * The payment sheet's "pay": the pay-sign the merchant server made must verify, the order must be
   * open and within its time; then the money is taken and the signed notice to post is answered.
   */
  pay(form: object, at: number = this.now()): Promise<{ ok: true; notice: Fields } | { ok: false; reason: string }> {
    const sheet = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string" || typeof v === "number")) as Fields
    if (!signatureOk({ ...sheet, sign: sheet.paySign ?? "" }, this.key, ["paySign"])) return Promise.resolve({ ok: false, reason: "支付签名错误" })
    const prepayId = String(sheet.package ?? "").replace(/^prepay_id=/, "")
    return this.outside.run(undefined, async (on) => {
      const books = providerBooks(on)
      const order = await books.orderByPrepayId(prepayId)
      if (!order) return { ok: false as const, reason: "订单不存在" }
      if (order.state === "paid" || order.state === "refunded") return { ok: false as const, reason: "订单已支付" }
      if (order.state === "closed") return { ok: false as const, reason: "订单已关闭" }
      if (order.expires_at && at >= order.expires_at.getTime()) return { ok: false as const, reason: "订单已过期" }
      if (this.failures.pay) return { ok: false as const, reason: this.failures.pay }
      const transactionId = `42${Date.now()}${randomBytes(6).toString("hex")}`
      await books.markPaid(order.out_trade_no, transactionId, new Date(at))
      return { ok: true as const, notice: this.noticeOf({ ...order, transaction_id: transactionId }) }
    })
  }

  /** Closes an unpaid order (closeorder): it can no longer be paid. An unknown order is as good as closed. */
  close(request: Fields, caller?: Kysely<DB>): Promise<{ ok: true } | { ok: false; reason: string }> {
    if (!signatureOk(request, this.key)) return Promise.resolve({ ok: false, reason: "签名错误" })
    const outTradeNo = String(request.out_trade_no)
    return this.outside.run(caller, async (on) => {
      const books = providerBooks(on)
      const order = await books.orderByTradeNo(outTradeNo)
      if (order?.state === "paid" || order?.state === "refunded") return { ok: false as const, reason: "订单已支付" }
      if (order?.state === "open") await books.markState(outTradeNo, "closed")
      return { ok: true as const }
    })
  }

  /**
   * Refunds a paid order, once per refund number, never more than it took in all. An order it has no record
   * of is refused as the real service refuses it ('订单号不存在'), one not paid with '订单未支付'.
   */
  refund(request: Fields, caller?: Kysely<DB>): Promise<ProviderAnswer> {
    if (!signatureOk(request, this.key)) return Promise.resolve({ ok: false, reason: "签名错误" })
    const outTradeNo = String(request.out_trade_no)
    const refundNo = String(request.out_refund_no)
    const amount = Number(request.refund_fee)
    return this.outside.run(caller, async (on) => {
      const books = providerBooks(on)
      const order = await books.orderByTradeNo(outTradeNo)
      if (!order) return { ok: false, reason: "订单号不存在" }
      if (order.state !== "paid" && order.state !== "refunded") return { ok: false, reason: "订单未支付" }
      const refunds = await books.refundsOf(outTradeNo)
      const done = refunds.find((r) => r.out_refund_no === refundNo)
      if (done) return { ok: true, reference: done.refund_id }
      if (this.failures.refund) return { ok: false, reason: this.failures.refund }
      const refunded = refunds.reduce((sum, r) => sum + r.refund_fee, 0)
      if (!Number.isInteger(amount) || amount < 1 || amount + refunded > order.total_fee) return { ok: false, reason: "退款金额大于支付金额" }
      const reference = `50${Date.now()}${randomBytes(6).toString("hex")}`
      await books.addRefund({ out_trade_no: outTradeNo, out_refund_no: refundNo, refund_fee: amount, refund_id: reference, created_at: new Date(this.now()) })
      if (order.state === "paid") await books.markState(outTradeNo, "refunded")
      return { ok: true, reference }
    })
  }

  static verifyNotification(fields: Fields, key: string) {
    return signatureOk(fields, key)
  }
}

/** The Payouts port over the provider, for requests from `caller`: signs each transfer request as the real client would. */
export const payouts = (provider: SimulatedPaymentProvider, key: string, caller?: Kysely<DB>) => Payouts.of({
  transfer: ({ withdrawalId, openid, amountFen }) =>
    Effect.promise(() => {
      const fields: Fields = { partner_trade_no: withdrawalId, openid, amount: amountFen, desc: "提现", nonce_str: randomBytes(8).toString("hex") }
      return provider.transfer({ ...fields, sign: signFields(fields, key) }, caller)
    })
})
