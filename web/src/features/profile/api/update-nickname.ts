/** Saves the nickname (`PUT /api/user/updateNickname { nickname }`). */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putNickname = (nickname: string) =>
  request("/api/user/updateNickname", messageDecoder, { method: "PUT", body: { nickname } })

export const useUpdateNickname = () => useAction(putNickname)
