/**
 * The send order's QR, shown by the sender at the counter: its order number, signed by the server with its issue
 * time as the parcel pickup QR is (the same signer, `signQr`). The staff's scan verifies it and reads the order
 * number from it; any other text scanned is read as before (an order or waybill number, after the first comma).
 */
import { Schema } from "effect"
import { qrFromText } from "../parcel/pickup-qr"

export const SendQr = Schema.Struct({
  k: Schema.Literal("s"),
  no: Schema.String,
  ts: Schema.Number,
  sig: Schema.String
})
export type SendQr = typeof SendQr.Type
export type UnsignedSendQr = Omit<SendQr, "sig">

/** The exact text the signature covers; its first line 'send' keeps it apart from a parcel's or a person's QR. */
export const sendSignedText = (qr: UnsignedSendQr): string => ["send", qr.no, String(qr.ts)].join("\n")

/** The scanned text as a send QR's JSON, or undefined when it is not one (then it is read as a number). */
export const scannedSendQr = (text: string): unknown => {
  const json = text.trim().startsWith("{") ? qrFromText(text.trim()) : undefined
  return typeof json === "object" && json !== null && (json as { k?: unknown }).k === "s" ? json : undefined
}
