/** Verifies a scanned QR (`GET /api/expressTosend/checkqr`): a parcel's QR as its fields, a personal pick-up QR as its text. */
import { Schema } from "effect"
import { useState } from "react"
import { CheckQr, checkQrQuery } from "#src/parcel/calls"
import { looksLikeGift } from "#src/home/subscribe-gift"
import { looksPersonal } from "#src/parcel/person-qr"
import { PickupQr, qrFromText } from "#src/parcel/pickup-qr"
import { send } from "../../../lib/api-client"

const decodeQr = Schema.decodeUnknownOption(PickupQr)

/** What a scanned text is: a parcel's pickup QR (its fields), a personal pick-up QR, a follow gift's QR, or none of them. */
export type ScannedQr =
  | { readonly kind: "parcel"; readonly qr: PickupQr }
  | { readonly kind: "person"; readonly text: string }
  | { readonly kind: "gift"; readonly text: string }

export const parseScannedQr = (text: string): ScannedQr | undefined => {
  const json = qrFromText(text)
  if (looksPersonal(json)) return { kind: "person", text }
  if (looksLikeGift(json)) return { kind: "gift", text }
  const qr = decodeQr(json)
  return qr._tag === "Some" ? { kind: "parcel", qr: qr.value } : undefined
}

export const fetchCheckQr = (scanned: Exclude<ScannedQr, { kind: "gift" }>) =>
  send(CheckQr, "/api/expressTosend/checkqr", { input: scanned.kind === "parcel" ? checkQrQuery(scanned.qr) : { qr: scanned.text } })

export const useCheckQr = () => {
  const [checking, setChecking] = useState(false)
  const check = async (scanned: Exclude<ScannedQr, { kind: "gift" }>) => {
    setChecking(true)
    try {
      return await fetchCheckQr(scanned)
    } finally {
      setChecking(false)
    }
  }
  return { check, checking }
}
