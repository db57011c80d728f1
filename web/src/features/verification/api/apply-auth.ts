/** Submits real-name verification (`PUT /api/user/applyAuth`): authStatus goes to 0, under review. */
import { ApplyAuth, type ApplyAuthRequest } from "#src/profile/calls"
import { messages } from "#src/profile/verification"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putApplyAuth = async (input: ApplyAuthRequest) => {
  await send(ApplyAuth, "/api/user/applyAuth", { method: "PUT", input })
  return messages.submitted
}

export const useApplyAuth = () => useAction(putApplyAuth)
