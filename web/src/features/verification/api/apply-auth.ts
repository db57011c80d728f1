/** Submits real-name verification (`PUT /api/user/applyAuth`): authStatus goes to 0, under review. */
import type { VerificationType } from "../../../../../src/profile/verification"
import { messageDecoder, request } from "../../../lib/api-client"
import { useAction } from "../../../lib/use-action"

export interface ApplyAuthBody {
  readonly idCardUrl: string
  readonly realname: string
  readonly idCardNo: string
  readonly sex: number
  readonly studentCardUrl: string
  readonly type: VerificationType
}

export const putApplyAuth = (body: ApplyAuthBody) => request("/api/user/applyAuth", messageDecoder, { method: "PUT", body })

export const useApplyAuth = () => useAction(putApplyAuth)
