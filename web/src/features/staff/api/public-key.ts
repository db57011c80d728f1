/** The server's password-sealing key and a single-use nonce (`GET /auth/employee/publicKey`). */
import { PublicKey } from "#src/staff/calls"
import { send } from "../../../lib/api-client"

export const fetchPublicKey = () => send(PublicKey, "/auth/employee/publicKey")
