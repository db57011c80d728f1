/** Cancels the user's real-name verification (`PUT /api/user/unverifySelf`): status −1, both photos cleared. */
import { UnverifySelf } from "#src/profile/calls"
import { messages } from "#src/profile/profile"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putUnverifySelf = async () => {
  await send(UnverifySelf, "/api/user/unverifySelf", { method: "PUT" })
  return messages.done
}

export const useUnverifySelf = () => useAction(putUnverifySelf)
