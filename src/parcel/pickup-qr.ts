/** The pickup QR: its JSON content as the spec names the fields, signed by the server with its issue time. */
import { Schema } from "effect"
import type { PickupRole } from "./parcel"

export const QR_INVALID = "二维码校验失败"

export const PickupQr = Schema.Struct({
  ex: Schema.String,
  en: Schema.String,
  sn: Schema.String,
  roid: Schema.optional(Schema.String),
  aoid: Schema.optional(Schema.String),
  poid: Schema.optional(Schema.String),
  re: Schema.String,
  rp: Schema.String,
  tag: Schema.String,
  ts: Schema.Number,
  sig: Schema.String
})
export type PickupQr = typeof PickupQr.Type
export type UnsignedQr = Omit<PickupQr, "sig">

/** The holder's role and openid: exactly one of roid, aoid, poid. */
export const holderOf = (qr: UnsignedQr): { role: PickupRole; openid: string } | undefined => {
  const holders = [
    qr.roid !== undefined ? { role: "receiver" as const, openid: qr.roid } : undefined,
    qr.aoid !== undefined ? { role: "agent" as const, openid: qr.aoid } : undefined,
    qr.poid !== undefined ? { role: "runner" as const, openid: qr.poid } : undefined
  ].filter((h) => h !== undefined)
  return holders.length === 1 ? holders[0] : undefined
}

/** The exact text the signature covers: every field but the signature, in a fixed order. */
export const signedText = (qr: UnsignedQr): string =>
  [qr.ex, qr.en, qr.sn, qr.roid ?? "", qr.aoid ?? "", qr.poid ?? "", qr.re, qr.rp, qr.tag, String(qr.ts)].join("\n")

/** The scanned QR text as JSON, or undefined when it is not JSON at all. */
export const qrFromText = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
