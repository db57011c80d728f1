/** The pay-in port: the payment provider's side of money coming in (prepay, pay-sign data, notices, closing, refunds). */
import { Context, Effect } from "effect"
import type { PaidNotice } from "./trade"

/** The data the messaging app's JS-SDK payment needs (chooseWXPay / getBrandWCPayRequest), signed by the server. */
export interface PaySign {
  readonly appId: string
  readonly timeStamp: string
  readonly nonceStr: string
  readonly package: string
  readonly signType: string
  readonly paySign: string
}

/** A notice as the provider posted it: its HTTP headers (names in lower case) and its body, unparsed. */
export interface PostedNotice {
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: string
}

/** A notice whose body is these fields as JSON (how the simulated provider posts). */
export const jsonNotice = (fields: unknown): PostedNotice => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(fields) ?? "" })

/** A refund's outcome, as the provider's refund notice tells it (`refunded` false: closed or abnormal, the money not returned). */
export interface RefundNotice {
  readonly tradeNo: string
  readonly refundNo: string
  readonly refunded: boolean
}

export type ProviderResult<A> = { readonly ok: true } & A | { readonly ok: false; readonly reason: string }

export class PayIn extends Context.Service<PayIn, {
  /** Opens a provider order for the trade number and amount, payable until `expiresAt`. */
  prepay(input: {
    readonly tradeNo: string
    readonly amountFen: number
    readonly description: string
    readonly openid: string
    readonly expiresAt: Date
  }): Effect.Effect<ProviderResult<{ readonly prepayId: string }>>
  /** The signed JS-SDK payment data for a prepay. */
  paySign(prepayId: string, now: Date): Effect.Effect<PaySign>
  /** Reads a notice the provider posted: what it says when its signature is the provider's (and it is no replay), else undefined. */
  verifyNotice(notice: PostedNotice): Effect.Effect<PaidNotice | RefundNotice | undefined>
  /**
   * Closes an unpaid order so it can no longer be paid (one already closed, or unknown, counts as closed);
   * `paid` when the provider already took the money. Any other refusal leaves the order payable.
   */
  close(tradeNo: string): Effect.Effect<{ readonly closed: true } | { readonly closed: false; readonly paid: boolean; readonly reason: string }>
  /** Pays the amount of a paid trade back; idempotent by refund number. */
  refund(input: { readonly tradeNo: string; readonly refundNo: string; readonly amountFen: number }): Effect.Effect<ProviderResult<{ readonly reference: string }>>
}>()("station/PayIn") {}
