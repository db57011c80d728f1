/** Completes the profile: worksite, main phone and code, optional vice phone and code (`PUT /api/user/complete`). */
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export interface CompleteProfileBody {
  readonly worksite: string
  readonly phoneMain?: string | undefined
  readonly phoneMainCaptcha?: string | undefined
  readonly phoneVice?: string | undefined
  readonly phoneViceCaptcha?: string | undefined
}

export const putCompleteProfile = (body: CompleteProfileBody) =>
  request("/api/user/complete", messageDecoder, { method: "PUT", body })

export const useCompleteProfile = () => useAction(putCompleteProfile)
