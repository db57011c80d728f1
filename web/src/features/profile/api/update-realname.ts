/** Saves the real name (`PUT /api/user/updateRealname { realname }`). */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putRealname = (realname: string) =>
  request("/api/user/updateRealname", messageDecoder, { method: "PUT", body: { realname } })

export const useUpdateRealname = () => useAction(putRealname)
