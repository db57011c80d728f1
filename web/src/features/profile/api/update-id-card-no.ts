/** Saves the ID number (`PUT /api/user/updateIdCardNo { idCardNo }`). */
import { UpdateIdCardNo } from "#src/profile/calls"
import { messages } from "#src/profile/personal-info"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putIdCardNo = async (idCardNo: string) => {
  await send(UpdateIdCardNo, "/api/user/updateIdCardNo", { method: "PUT", input: { idCardNo } })
  return messages.saved
}

export const useUpdateIdCardNo = () => useAction(putIdCardNo)
