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
  /** Reads a notice the provider posted: its fields when the signature is the provider's, else undefined. */
  verifyNotice(fields: Readonly<Record<string, unknown>>): Effect.Effect<PaidNotice | undefined>
  /**
   * Closes an unpaid order so it can no longer be paid (one already closed, or unknown, counts as closed);
   * `paid` when the provider already took the money. Any other refusal leaves the order payable.
   */
  close(tradeNo: string): Effect.Effect<{ readonly closed: true } | { readonly closed: false; readonly paid: boolean; readonly reason: string }>
  /** Pays the amount of a paid trade back; idempotent by refund number. */
  refund(input: { readonly tradeNo: string; readonly refundNo: string; readonly amountFen: number }): Effect.Effect<ProviderResult<{ readonly reference: string }>>
}>()("station/PayIn") {}
