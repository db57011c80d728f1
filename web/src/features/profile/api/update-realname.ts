/** Saves the real name (`PUT /api/user/updateRealname { realname }`). */
import { UpdateRealname } from "#src/profile/calls"
import { messages } from "#src/profile/personal-info"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putRealname = async (realname: string) => {
  await send(UpdateRealname, "/api/user/updateRealname", { method: "PUT", input: { realname } })
  return messages.saved
}

export const useUpdateRealname = () => useAction(putRealname)
