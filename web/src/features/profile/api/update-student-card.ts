/** Saves the uploaded student card photo (`PUT /api/user/updateStudentCardUrl { studentCardUrl }`). */
import { UpdateStudentCardUrl } from "#src/profile/calls"
import { messages } from "#src/profile/personal-info"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putStudentCardUrl = async (studentCardUrl: string) => {
  await send(UpdateStudentCardUrl, "/api/user/updateStudentCardUrl", { method: "PUT", input: { studentCardUrl } })
  return messages.saved
}

export const useUpdateStudentCard = () => useAction(putStudentCardUrl)
