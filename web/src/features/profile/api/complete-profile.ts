/** Completes the profile: worksite, main phone and code, optional vice phone and code (`PUT /api/user/complete`). */
import { CompleteProfile, type CompleteProfileRequest } from "#src/profile/calls"
import { messages } from "#src/profile/complete-profile"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putCompleteProfile = async (input: CompleteProfileRequest) => {
  await send(CompleteProfile, "/api/user/complete", { method: "PUT", input })
  return messages.saved
}

export const useCompleteProfile = () => useAction(putCompleteProfile)
