/** Turns the runner's new-order reminder on or off (`PUT /api/user/updateNewPaotuiOrderRemind { newPaotuiOrderRemind }`). */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export const putNewOrderRemind = (on: boolean) =>
  request("/api/user/updateNewPaotuiOrderRemind", messageDecoder, { method: "PUT", body: { newPaotuiOrderRemind: on } })

export const useNewOrderRemind = () => useAction(putNewOrderRemind)
