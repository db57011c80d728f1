/** Saves the sex (`PUT /api/user/updateSex { sex }`, 1 male or 2 female). */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putSex = (sex: 1 | 2) => request("/api/user/updateSex", messageDecoder, { method: "PUT", body: { sex } })

export const useUpdateSex = () => useAction(putSex)
