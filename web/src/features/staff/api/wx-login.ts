/**
 * Binds the messaging-app user to a back-office employee (`GET /auth/employee/wxlogin`): the password
 * is sealed with the server's nonce, RSA-OAEP encrypted and sent base64-encoded.
 */
import { useState } from "react"
import { BindEmployee } from "#src/staff/calls"
import { sealedPassword } from "#src/staff/employee"
import { send } from "../../../lib/api-client"
import { encryptWithPublicKey } from "../../../lib/rsa"
import { fetchPublicKey } from "./public-key"

export const fetchWxLogin = (input: typeof BindEmployee.request.Type) => send(BindEmployee, "/auth/employee/wxlogin", { input })

/** The new session token of the bound employee. */
export const bindAccount = async (input: { readonly phone: string; readonly password: string; readonly openid: string }): Promise<string> => {
  const { publicKey, nonce } = await fetchPublicKey()
  const password = await encryptWithPublicKey(publicKey, sealedPassword(input.password, nonce))
  return (await fetchWxLogin({ phone: input.phone, password, openid: input.openid })).token
}

export const useBindAccount = () => {
  const [binding, setBinding] = useState(false)
  const bind = async (input: Parameters<typeof bindAccount>[0]) => {
    setBinding(true)
    try {
      return await bindAccount(input)
    } finally {
      setBinding(false)
    }
  }
  return { bind, binding }
}
