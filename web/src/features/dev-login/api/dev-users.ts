/** The fake messaging app's demo users (`GET /auth/dev/users`). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export const DevUser = Schema.Struct({
  openid: Schema.String,
  role: Schema.String,
  name: Schema.String,
  worksite: Schema.optional(Schema.Unknown)
})
export type DevUser = typeof DevUser.Type

const decodeDevUsers = dataDecoder(Schema.Array(DevUser))

export const fetchDevUsers = () => request("/auth/dev/users", decodeDevUsers)

export const useDevUsers = () => useLoad(fetchDevUsers, [])
