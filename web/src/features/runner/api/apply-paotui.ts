/** Applies to run errands (`PUT /api/user/applypaotui { needInvitation, invitation, agree }`): paotuiStatus goes to 0. */
import { ApplyPaotui, type ApplyPaotuiRequest } from "#src/profile/calls"
import { messages } from "#src/profile/runner-application"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putApplyPaotui = async (input: ApplyPaotuiRequest) => {
  await send(ApplyPaotui, "/api/user/applypaotui", { method: "PUT", input })
  return messages.applied
}

export const useApplyPaotui = () => useAction(putApplyPaotui)
