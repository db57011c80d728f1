/** Saves the ID number (`PUT /api/user/updateIdCardNo { idCardNo }`). */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putIdCardNo = (idCardNo: string) =>
  request("/api/user/updateIdCardNo", messageDecoder, { method: "PUT", body: { idCardNo } })

export const useUpdateIdCardNo = () => useAction(putIdCardNo)
