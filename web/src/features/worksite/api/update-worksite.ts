/** Saves the user's worksite (`PUT /api/user/updateWorksite { worksite }`); the answer is the worksite now chosen. */
import { UpdateWorksite } from "#src/profile/calls"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putWorksite = (worksite: string) => send(UpdateWorksite, "/api/user/updateWorksite", { method: "PUT", input: { worksite } })

export const useUpdateWorksite = () => useAction(putWorksite)
