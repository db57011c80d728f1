/** The server's password-sealing key and a single-use nonce (`GET /auth/employee/publicKey`). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"

const PublicKey = Schema.Struct({ publicKey: Schema.String, nonce: Schema.String })
export type PublicKey = typeof PublicKey.Type

const decodePublicKey = dataDecoder(PublicKey)

export const fetchPublicKey = () => request("/auth/employee/publicKey", decodePublicKey)
