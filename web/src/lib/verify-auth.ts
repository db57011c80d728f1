/** A reviewer's decision on one submission (`PUT /api/user/verifyauth/{userId}`): 1 passes, 2 rejects with a reason. */
import { VerifyAuth } from "#src/profile/calls"
import { AuthStatus, type ReviewDecision } from "#src/profile/verification"
import { send } from "./api-client"
import { useAction } from "./use-action"

export const putVerifyAuth = (userId: string, authStatus: ReviewDecision, rejectComment?: string) =>
  send(VerifyAuth, `/api/user/verifyauth/${encodeURIComponent(userId)}`, {
    method: "PUT",
    input: authStatus === AuthStatus.rejected ? { authStatus, rejectComment } : { authStatus }
  })

export const useVerifyAuth = () => useAction(putVerifyAuth)
