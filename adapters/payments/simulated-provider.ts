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

const signatureOk = (fields: Fields, key: string) => {
  const given = Buffer.from(String(fields.sign ?? ""))
  const expected = Buffer.from(signFields(fields, key))
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export const MIN_TRANSFER_FEN = 30

export type ProviderAnswer = { ok: true; reference: string } | { ok: false; reason: string }

export class SimulatedPaymentProvider {
  private readonly transfers = new Map<string, ProviderAnswer>()
  private readonly prepays = new Map<string, { outTradeNo: string; totalFee: number }>()

  constructor(private readonly key: string, private merchantFundsFen = 10_000_000, private readonly knownOpenid: (openid: string) => boolean = () => true) {}

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
    const prepayId = `wx${randomBytes(12).toString("hex")}`
    this.prepays.set(prepayId, { outTradeNo: String(request.out_trade_no), totalFee: Number(request.total_fee) })
    return { ok: true, prepayId }
  }

  /** What the provider posts back once the user has paid: signed with the merchant key. */
  notification(prepayId: string): Fields | undefined {
    const prepay = this.prepays.get(prepayId)
    if (!prepay) return undefined
    const fields: Fields = { out_trade_no: prepay.outTradeNo, total_fee: prepay.totalFee, result_code: "SUCCESS", nonce_str: randomBytes(8).toString("hex") }
    return { ...fields, sign: signFields(fields, this.key) }
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
