/** Hands a parcel out to whoever showed its QR (`PUT /api/expressTosend/takepart`). */
import { useState } from "react"
import { messageDecoder, request } from "../../../lib/api-client"

export interface TakePartInput {
  readonly worksiteCode: string
  readonly expressNo: string
  readonly storageNo: string
  readonly signOpenid: string
  readonly tag: string
  readonly isPaotui: boolean
}

export const putTakePart = (input: TakePartInput) =>
  request("/api/expressTosend/takepart", messageDecoder, { method: "PUT", body: input })

export const useTakePart = () => {
  const [taking, setTaking] = useState(false)
  const takePart = async (input: TakePartInput) => {
    setTaking(true)
    try {
      return await putTakePart(input)
    } finally {
      setTaking(false)
    }
  }
  return { takePart, taking }
}
