/** The user's saved addresses (`GET /api/address/wxlist`). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const SavedAddress = Schema.Struct({
  _id: Schema.String,
  name: Schema.String,
  phone: Schema.String,
  province: Schema.String,
  city: Schema.String,
  county: Schema.String,
  provinceName: Schema.String,
  cityName: Schema.String,
  countyName: Schema.String,
  detail: Schema.String,
  isDefault: Schema.Boolean
})
export type SavedAddress = typeof SavedAddress.Type

const decodeAddresses = dataDecoder(Schema.Array(SavedAddress))

export const fetchAddresses = () => request("/api/address/wxlist", decodeAddresses)

export const useAddresses = () => useLoad(fetchAddresses, [])
