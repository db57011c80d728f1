/** Verifies a scanned pickup QR (`GET /api/expressTosend/checkqr`, the QR's fields as the query). */
import { Schema } from "effect"
import { useState } from "react"
import { PickupQr } from "../../../../../src/parcel/pickup-qr"
import { dataDecoder, request } from "../../../lib/api-client"

const Text = Schema.Union([Schema.String, Schema.Number])

export const CheckQrResult = Schema.Struct({
  statusStr: Schema.String,
  canTakeaway: Schema.Boolean,
  expressCompany: Schema.optional(Schema.Union([Schema.String, Schema.Struct({ name: Schema.String }), Schema.Null])),
  expressNo: Schema.String,
  storageNo: Schema.String,
  tag: Text,
  receiver: Schema.optional(Schema.NullOr(Schema.String)),
  receiverPhone: Schema.optional(Schema.NullOr(Schema.String)),
  signOpenid: Schema.String,
  isPaotui: Schema.Boolean
})
export type CheckQrResult = typeof CheckQrResult.Type

const decodeCheck = dataDecoder(CheckQrResult)
const decodeQr = Schema.decodeUnknownOption(PickupQr)

/** The QR's fields when the scanned text is a pickup QR, else undefined. */
export const parsePickupQr = (text: string): PickupQr | undefined => {
  try {
    const qr = decodeQr(JSON.parse(text))
    return qr._tag === "Some" ? qr.value : undefined
  } catch {
    return undefined
  }
}

export const fetchCheckQr = (qr: PickupQr) => request("/api/expressTosend/checkqr", decodeCheck, { query: { ...qr } })

export const useCheckQr = () => {
  const [checking, setChecking] = useState(false)
  const check = async (qr: PickupQr) => {
    setChecking(true)
    try {
      return await fetchCheckQr(qr)
    } finally {
      setChecking(false)
    }
  }
  return { check, checking }
}
