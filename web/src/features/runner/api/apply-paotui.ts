/** Applies to run errands (`PUT /api/user/applypaotui { needInvitation, invitation, agree }`): paotuiStatus goes to 0. */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export interface ApplyPaotuiBody {
  readonly needInvitation: boolean
  readonly invitation: string
  readonly agree: boolean
}

export const putApplyPaotui = (body: ApplyPaotuiBody) => request("/api/user/applypaotui", messageDecoder, { method: "PUT", body })

export const useApplyPaotui = () => useAction(putApplyPaotui)
