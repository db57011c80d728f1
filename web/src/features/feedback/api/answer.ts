/** The staff's note to a user (`/answer/{toOpenid}`): who it goes to, and sending it (src/feedback/calls.ts). */
import { AnswerRecipient, AnswerUser } from "#src/feedback/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

/** `GET /api/common/answer/{openid}`: the user's nickname and masked phone (403 for a user of another worksite). */
export const useRecipient = (openid: string, token: string | undefined) =>
  useLoad(token && openid ? () => send(AnswerRecipient, `/api/common/answer/${encodeURIComponent(openid)}`) : undefined, [openid, token])

/** `POST /api/common/answer`: '回复成功'. */
export const answerUser = (openid: string, content: string, idempotencyKey: string) =>
  send(AnswerUser, "/api/common/answer", { method: "POST", input: { openid, content }, idempotencyKey })
