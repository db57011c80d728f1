/** Hands a parcel back to the courier (`PUT /api/expressTosend/return`), with the number scanned off the parcel. */
import { useState } from "react"
import { ReturnScan, type ReturnScanRequest } from "#src/parcel/return-calls"
import { newIdempotencyKey, send } from "../../../lib/api-client"

export const putReturn = (input: ReturnScanRequest, idempotencyKey: string) =>
  send(ReturnScan, "/api/expressTosend/return", { method: "PUT", input, idempotencyKey })

export const useReturnScan = () => {
  const [returning, setReturning] = useState<string | undefined>(undefined)
  const returnParcel = async (input: ReturnScanRequest) => {
    setReturning(input._id)
    try {
      return await putReturn(input, newIdempotencyKey())
    } finally {
      setReturning(undefined)
    }
  }
  return { returnParcel, returning }
}
