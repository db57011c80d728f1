/** Checks a parcel in (`POST /api/expressTosend`); the answer is its storage code, e.g. `A-01-0007`. */
import { useState } from "react"
import { CheckIn, type CheckInRequest } from "#src/parcel/calls"
import { newIdempotencyKey, send } from "../../../lib/api-client"

export const postCheckIn = (input: CheckInRequest, idempotencyKey: string) =>
  send(CheckIn, "/api/expressTosend", { method: "POST", input, idempotencyKey })

export const useCheckIn = () => {
  const [submitting, setSubmitting] = useState(false)
  const checkIn = async (input: CheckInRequest) => {
    setSubmitting(true)
    try {
      return await postCheckIn(input, newIdempotencyKey())
    } finally {
      setSubmitting(false)
    }
  }
  return { checkIn, submitting }
}
