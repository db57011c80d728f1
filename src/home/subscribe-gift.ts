/**
 * The follow gift (spec 002 §3 Exchange QR page): one per following user, shown as a signed QR on `/subscribeActive`
 * and redeemed once by their worksite's staff. Its machine is 0 未兑换 → 1 已兑换, and 1 is final.
 */
import { Schema } from "effect"
import { StateConflict } from "../shared/errors"

export const GiftStatus = { unexchanged: 0, exchanged: 1 } as const
export type GiftStatus = (typeof GiftStatus)[keyof typeof GiftStatus]

export const messages = {
  exchanged: "该礼品已兑换",
  expired: "兑换码已过期，请刷新后重新扫码",
  exchangeDone: "兑换成功",
  notFollowing: "请先关注公众号",
  noWorksite: "请先选择网点",
  otherWorksite: "只能兑换本网点的礼品",
  notFound: "礼品不存在",
  loadFailed: "获取兑换信息失败",
  exchangeFailed: "兑换失败"
}

export interface SubscribeGift {
  readonly id: string
  readonly userId: string
  readonly worksiteId: string
  readonly status: number
  readonly createdAt: Date
}

/** The page's words for a status: 0 未兑换, 1 已兑换, anything else '--'. */
export const giftStatusText = (status: number): string =>
  status === GiftStatus.unexchanged ? "未兑换" : status === GiftStatus.exchanged ? "已兑换" : "--"

/** The nickname as the page shows it: its first six characters (a character outside the BMP counts once). */
export const shortNickname = (nickname: string | null): string => Array.from(nickname ?? "").slice(0, 6).join("")

/** The one move a gift makes: 0 → 1; a redeemed gift refuses '该礼品已兑换'. */
export const exchangeRefusal = (status: number): StateConflict | undefined =>
  status === GiftStatus.unexchanged ? undefined : new StateConflict({ message: messages.exchanged })

/** The gift's QR: its id and issue time, signed; never the phone. Marked `k: "g"` beside the personal QR's "p". */
export const GiftQr = Schema.Struct({ k: Schema.Literal("g"), gid: Schema.String, ts: Schema.Number, sig: Schema.String })
export type GiftQr = typeof GiftQr.Type
export type UnsignedGiftQr = Omit<GiftQr, "sig">

/** The text the gift QR's signature covers: two line breaks, where a personal QR's has three and a parcel's nine. */
export const giftSignedText = (qr: UnsignedGiftQr): string => ["gift", qr.gid, String(qr.ts)].join("\n")

/** Whether scanned JSON is meant as a gift QR (its kind mark). */
export const looksLikeGift = (scanned: unknown): boolean =>
  typeof scanned === "object" && scanned !== null && (scanned as { k?: unknown }).k === "g"
