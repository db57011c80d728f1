/** Users of the worksite whose phone ends with four digits (`GET /api/user/list/{worksiteId}/{last4}`). */
import { Schema } from "effect"
import { useState } from "react"
import { dataDecoder, request } from "../../../lib/api-client"

export const ReceiverCandidate = Schema.Struct({
  _id: Schema.String,
  phoneMain: Schema.optional(Schema.NullOr(Schema.String)),
  phoneVice: Schema.optional(Schema.NullOr(Schema.String)),
  realname: Schema.optional(Schema.NullOr(Schema.String)),
  nickname: Schema.optional(Schema.NullOr(Schema.String)),
  openid: Schema.optional(Schema.NullOr(Schema.String)),
  subscribe: Schema.optional(Schema.Unknown)
})
export type ReceiverCandidate = typeof ReceiverCandidate.Type

const decodeReceivers = dataDecoder(Schema.Array(ReceiverCandidate))

export const fetchReceivers = (worksiteId: string, last4: string) =>
  request(`/api/user/list/${encodeURIComponent(worksiteId)}/${encodeURIComponent(last4)}`, decodeReceivers)

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
