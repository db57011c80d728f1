/** Turns the runner's new-order reminder on or off (`PUT /api/user/updateNewPaotuiOrderRemind { newPaotuiOrderRemind }`). */
import { UpdateNewPaotuiOrderRemind } from "#src/profile/calls"
import { send } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putNewOrderRemind = (on: boolean) =>
  send(UpdateNewPaotuiOrderRemind, "/api/user/updateNewPaotuiOrderRemind", { method: "PUT", input: { newPaotuiOrderRemind: on } })

export const useNewOrderRemind = () => useAction(putNewOrderRemind)
