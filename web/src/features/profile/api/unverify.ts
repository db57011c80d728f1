/** Cancels the user's real-name verification (`PUT /api/user/unverifySelf`): status −1, both photos cleared. */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putUnverifySelf = () => request("/api/user/unverifySelf", messageDecoder, { method: "PUT" })

export const useUnverifySelf = () => useAction(putUnverifySelf)
