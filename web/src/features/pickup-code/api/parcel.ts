/** The receiver's own parcel with its signed pickup QR (`GET /api/expressTosend/getById/{id}`). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const ReceiverParcel = Schema.Struct({
  _id: Schema.String,
  status: Schema.Number,
  statusStr: Schema.String,
  expressNo: Schema.String,
  expressCompany: Schema.optional(Schema.NullOr(Schema.Struct({ name: Schema.String }))),
  storageNo: Schema.String,
  tag: Schema.Union([Schema.String, Schema.Number]),
  receiver: Schema.optional(Schema.NullOr(Schema.String)),
  receiverPhone: Schema.optional(Schema.NullOr(Schema.String)),
  safekeepFee: Schema.optional(Schema.NullOr(Schema.Number)),
  createdAt: Schema.optional(Schema.Union([Schema.String, Schema.Number])),
  qrContent: Schema.optional(Schema.NullOr(Schema.String)),
  qrimgBase64: Schema.optional(Schema.NullOr(Schema.String))
})
export type ReceiverParcel = typeof ReceiverParcel.Type

const decodeParcel = dataDecoder(ReceiverParcel)

export const fetchParcel = (id: string) => request(`/api/expressTosend/getById/${encodeURIComponent(id)}`, decodeParcel)

export const useParcel = (id: string, token: string | undefined) => useLoad(token ? () => fetchParcel(id) : undefined, [id, token])
