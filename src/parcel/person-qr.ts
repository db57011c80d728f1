/**
 * The personal pick-up QR: who is collecting (user id and main phone), signed by the server with its issue time and
 * good for ten minutes, so a forwarded screenshot soon stops working. Staff scan it to see every parcel its holder may
 * take at their station, and the hand-over verifies it again.
 */
import { Schema } from "effect"

export const PERSON_QR_TTL_MS = 10 * 60_000
/** How far a phone's QR may seem to come from the future (the server's own clocks drift a little). */
const SKEW_MS = 60_000

export const messages = {
  expired: "取件码已过期，请刷新后重新扫码",
  noPhone: "请先绑定手机号",
  /** Shown under the QR: it is the holder's to show, for ten minutes. */
  forwardWarning: "取件码10分钟内有效，仅限本人到店出示，请勿转发他人"
}

export const PersonQr = Schema.Struct({
  k: Schema.Literal("p"),
  uid: Schema.String,
  ph: Schema.String,
  ts: Schema.Number,
  sig: Schema.String
})
export type PersonQr = typeof PersonQr.Type
export type UnsignedPersonQr = Omit<PersonQr, "sig">

/**
 * The exact text the signature covers. It has three line breaks where a parcel QR's has nine, so no signed parcel
 * QR can pass for a personal one or the other way round.
 */
export const personSignedText = (qr: UnsignedPersonQr): string => ["person", qr.uid, qr.ph, String(qr.ts)].join("\n")

/** Whether a QR issued at `issuedAt` (ms) may still be used at `now`: ten minutes on, a minute of skew before. */
export const isFresh = (issuedAt: number, now: Date, ttlMs: number = PERSON_QR_TTL_MS): boolean =>
  now.getTime() - issuedAt <= ttlMs && issuedAt - now.getTime() <= SKEW_MS

/** Whether the scanned JSON is meant as a personal QR (its kind mark), whatever else it holds. */
export const looksPersonal = (scanned: unknown): boolean =>
  typeof scanned === "object" && scanned !== null && (scanned as { k?: unknown }).k === "p"
