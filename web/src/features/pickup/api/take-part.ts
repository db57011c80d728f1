/** Hands a parcel out to whoever showed its QR (`PUT /api/expressTosend/takepart`, with the scanned QR text). */
import { useState } from "react"
import { TakePart, type TakePartRequest } from "#src/parcel/calls"
import { newIdempotencyKey, send } from "../../../lib/api-client"

export const putTakePart = (input: TakePartRequest, idempotencyKey: string) =>
  send(TakePart, "/api/expressTosend/takepart", { method: "PUT", input, idempotencyKey })

export const useTakePart = () => {
  const [taking, setTaking] = useState(false)
  const takePart = async (input: TakePartRequest) => {
    setTaking(true)
    try {
      return await putTakePart(input, newIdempotencyKey())
    } finally {
      setTaking(false)
    }
  }
  return { takePart, taking }
}
