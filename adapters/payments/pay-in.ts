/**
 * The PayIn port over the simulated provider: every request signed as the real client signs it, the
 * JS-SDK pay-sign data signed with the merchant key, and notices (posted as JSON) read only when their signature
 * is the provider's (HMAC-SHA256 over the sorted fields).
 */
import { randomBytes } from "node:crypto"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { PayIn } from "#src/payment/pay-in"
import type { DB } from "../postgres/schema"
import { signFields, SimulatedPaymentProvider } from "./simulated-provider"

type Fields = Record<string, string | number>

const signed = (fields: Fields, key: string): Fields => ({ ...fields, sign: signFields(fields, key) })

const nonce = () => randomBytes(8).toString("hex")

/** A notice's fields as the provider signs them: a JSON object of texts and numbers, nothing nested. */
const plainFields = (body: string): Fields | undefined => {
  let raw: unknown
  try { raw = JSON.parse(body) } catch { return undefined }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined
  const fields: Fields = {}
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v !== "string" && typeof v !== "number") return undefined
    fields[k] = v
  }
  return fields
}

/** The JS-SDK payment data for a prepay: the fields the sheet shows, signed with the merchant key. */
export const paySignData = (appId: string, prepayId: string, key: string, now: Date, nonceStr = nonce()) => {
  const fields = { appId, timeStamp: String(Math.floor(now.getTime() / 1000)), nonceStr, package: `prepay_id=${prepayId}`, signType: "HMAC-SHA256" }
  return { ...fields, paySign: signFields(fields, key) }
}

/** The port for requests from `caller` (the transaction or pool the use case runs on; the provider keeps its books apart). */
export const payIn = (provider: SimulatedPaymentProvider, key: string, appId: string, caller?: Kysely<DB>) => PayIn.of({
  prepay: ({ tradeNo, amountFen, description, openid, expiresAt }) => Effect.promise(() =>
    provider.prepay(signed({ out_trade_no: tradeNo, total_fee: amountFen, body: description, openid, trade_type: "JSAPI", time_expire: expiresAt.getTime(), nonce_str: nonce() }, key), caller)),
  paySign: (prepayId, now) => Effect.sync(() => paySignData(appId, prepayId, key, now)),
  verifyNotice: (posted) => Effect.sync(() => {
    const fields = plainFields(posted.body)
    if (!fields || !SimulatedPaymentProvider.verifyNotification(fields, key) || fields.result_code !== "SUCCESS") return undefined
    const amountFen = Number(fields.total_fee)
    if (typeof fields.out_trade_no !== "string" || typeof fields.transaction_id !== "string" || !Number.isInteger(amountFen)) return undefined
    return { tradeNo: fields.out_trade_no, amountFen, providerRef: fields.transaction_id }
  }),
  close: (tradeNo) => Effect.promise(async () => {
    const answer = await provider.close(signed({ out_trade_no: tradeNo, nonce_str: nonce() }, key), caller)
    return answer.ok ? { closed: true as const } : { closed: false as const, paid: answer.reason === "订单已支付", reason: answer.reason }
  }),
  refund: ({ tradeNo, refundNo, amountFen }) => Effect.promise(() =>
    provider.refund(signed({ out_trade_no: tradeNo, out_refund_no: refundNo, total_fee: amountFen, refund_fee: amountFen, nonce_str: nonce() }, key), caller))
})
