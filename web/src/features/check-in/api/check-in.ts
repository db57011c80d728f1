/** Checks a parcel in (`POST /api/expressTosend`); the answer is its storage code, e.g. `A-01-0007`. */
import { Schema } from "effect"
import { useState } from "react"
import { dataDecoder, newIdempotencyKey, request } from "../../../lib/api-client"

/** The check-in payload, as spec §3 names its fields. */
export interface CheckInPayload {
  readonly worksite: string
  readonly worksiteCode: string
  readonly worksiteSmsAble: boolean
  readonly serviceTimeStr: string
  readonly servicePhone: string
  readonly expressCompany: string
  readonly expressName: string
  readonly expressNo: string
  readonly storageNo: string
  readonly tag: string
  readonly weight: string
  readonly receiver: string
  readonly receiverId?: string | undefined
  readonly receiverOpenid?: string | undefined
  readonly receiverPhone: string
  readonly subscribe?: unknown
}

const decodeCode = dataDecoder(Schema.String)

export const postCheckIn = (payload: CheckInPayload, idempotencyKey: string) =>
  request("/api/expressTosend", decodeCode, { method: "POST", body: payload, idempotencyKey })

export const useCheckIn = () => {
  const [submitting, setSubmitting] = useState(false)
  const checkIn = async (payload: CheckInPayload) => {
    setSubmitting(true)
    try {
      return await postCheckIn(payload, newIdempotencyKey())
    } finally {
      setSubmitting(false)
    }
  }
  return { checkIn, submitting }
}
