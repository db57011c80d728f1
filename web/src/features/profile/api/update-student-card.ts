/** Saves the uploaded student card photo (`PUT /api/user/updateStudentCardUrl { studentCardUrl }`). */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putStudentCardUrl = (studentCardUrl: string) =>
  request("/api/user/updateStudentCardUrl", messageDecoder, { method: "PUT", body: { studentCardUrl } })

export const useUpdateStudentCard = () => useAction(putStudentCardUrl)
