/** Saves the sex (`PUT /api/user/updateSex { sex }`, 1 male or 2 female). */
import { UpdateSex } from "#src/profile/calls"
import { messages } from "#src/profile/personal-info"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putSex = async (sex: 1 | 2) => {
  await send(UpdateSex, "/api/user/updateSex", { method: "PUT", input: { sex } })
  return messages.saved
}

export const useUpdateSex = () => useAction(putSex)
