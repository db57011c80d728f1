/** Users of the worksite whose phone ends with four digits (`GET /api/user/list/{worksiteId}/{last4}`). */
import { useState } from "react"
import { ReceiversByLast4, type Receiver } from "#src/parcel/calls"
import { send } from "../../../lib/api-client"

export type ReceiverCandidate = Receiver

export const fetchReceivers = (worksiteId: string, last4: string) =>
  send(ReceiversByLast4, `/api/user/list/${encodeURIComponent(worksiteId)}/${encodeURIComponent(last4)}`)

export const useReceiverLookup = () => {
  const [looking, setLooking] = useState(false)
  const lookup = async (worksiteId: string, last4: string) => {
    setLooking(true)
    try {
      return await fetchReceivers(worksiteId, last4)
    } finally {
      setLooking(false)
    }
  }
  return { lookup, looking }
}
