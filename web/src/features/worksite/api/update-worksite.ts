/** Saves the user's worksite (`PUT /api/user/updateWorksite { worksite }`). */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putWorksite = (worksite: string) =>
  request("/api/user/updateWorksite", messageDecoder, { method: "PUT", body: { worksite } })

export const useUpdateWorksite = () => useAction(putWorksite)
