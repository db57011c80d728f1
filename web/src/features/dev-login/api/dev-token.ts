/** Signs a demo user in through the fake messaging app (`POST /auth/dev/token`). */
import { Schema } from "effect"
import { useState } from "react"
import { decoderOf, request } from "../../../lib/api-client"

const decodeToken = decoderOf(Schema.Struct({ token: Schema.String }))

export const fetchDevToken = async (openid: string): Promise<string> =>
  (await request("/auth/dev/token", decodeToken, { method: "POST", body: { openid } })).token

export const useDevToken = () => {
  const [pending, setPending] = useState<string | undefined>(undefined)
  const signIn = async (openid: string): Promise<string> => {
    setPending(openid)
    try {
      return await fetchDevToken(openid)
    } finally {
      setPending(undefined)
    }
  }
  return { signIn, pending }
}
