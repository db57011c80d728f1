/** A reviewer's decision on one submission (`PUT /api/user/verifyauth/{userId}`): 1 passes, 2 rejects with a reason. */
import { VerifyAuth } from "#src/profile/calls"
import { send } from "./api-client"
import { useAction } from "./use-action"

export const putVerifyAuth = (userId: string, authStatus: 1 | 2, rejectComment?: string) =>
  send(VerifyAuth, `/api/user/verifyauth/${encodeURIComponent(userId)}`, {
    method: "PUT",
    input: authStatus === 2 ? { authStatus, rejectComment } : { authStatus }
  })

export const useVerifyAuth = () => useAction(putVerifyAuth)
