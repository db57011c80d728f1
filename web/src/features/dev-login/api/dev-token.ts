/** Signs a demo user in through the fake messaging app (`POST /auth/dev/token`). */
import { useState } from "react"
import { DevToken } from "#src/staff/calls"
import { send } from "../../../lib/api-client"

export const fetchDevToken = async (openid: string): Promise<string> =>
  (await send(DevToken, "/auth/dev/token", { method: "POST", input: { openid } })).token

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
