/** Verifies a scanned pickup QR (`GET /api/expressTosend/checkqr`, the QR's fields as the query). */
import { Schema } from "effect"
import { useState } from "react"
import { CheckQr, checkQrQuery } from "#src/parcel/calls"
import { PickupQr, qrFromText } from "#src/parcel/pickup-qr"
import { send } from "../../../lib/api-client"

const decodeQr = Schema.decodeUnknownOption(PickupQr)

/** The QR's fields when the scanned text is a pickup QR, else undefined. */
export const parsePickupQr = (text: string): PickupQr | undefined => {
  const qr = decodeQr(qrFromText(text))
  return qr._tag === "Some" ? qr.value : undefined
}

export const fetchCheckQr = (qr: PickupQr) => send(CheckQr, "/api/expressTosend/checkqr", { input: checkQrQuery(qr) })

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
