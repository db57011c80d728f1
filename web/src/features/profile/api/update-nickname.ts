/** Saves the nickname (`PUT /api/user/updateNickname { nickname }`). */
import { UpdateNickname } from "#src/profile/calls"
import { messages } from "#src/profile/personal-info"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putNickname = async (nickname: string) => {
  await send(UpdateNickname, "/api/user/updateNickname", { method: "PUT", input: { nickname } })
  return messages.saved
}

export const useUpdateNickname = () => useAction(putNickname)
