/** Feedback's calls (src/feedback/calls.ts), each sent with the core's call Schema: submit, one thread, reply, the staff's inbox and handling. */
import { HandleSuggestion, ReplySuggestion, SubmitSuggestion, SuggestionDetail, SuggestionInbox } from "#src/feedback/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

const seg = encodeURIComponent

export type SuggestionInput = typeof SubmitSuggestion.request.Type
export type SuggestionThread = typeof SuggestionDetail.answer.Type
export type SuggestionReply = SuggestionThread["replies"][number]
export type ListedSuggestion = typeof SuggestionInbox.answer.Type["results"][number]

/** `POST /api/suggestion`: the new suggestion's id. */
export const submitSuggestion = async (input: SuggestionInput, idempotencyKey: string) =>
  (await send(SubmitSuggestion, "/api/suggestion", { method: "POST", input, idempotencyKey }))._id

export const fetchSuggestion = (id: string) => send(SuggestionDetail, `/api/suggestion/getById/${seg(id)}`)
export const useSuggestion = (id: string, token: string | undefined) => useLoad(token ? () => fetchSuggestion(id) : undefined, [id, token])

/** `POST /api/suggestion/reply/{id}`: the suggestion's status after the reply. */
export const replySuggestion = (id: string, content: string, idempotencyKey: string) =>
  send(ReplySuggestion, `/api/suggestion/reply/${seg(id)}`, { method: "POST", input: { id, content }, idempotencyKey })

/** `PUT /api/suggestion/handle/{id}`: closed as handled (409 '该反馈已处理' when someone was first). */
export const handleSuggestion = (id: string) => send(HandleSuggestion, `/api/suggestion/handle/${seg(id)}`, { method: "PUT", input: { id } })

/** `GET /api/suggestion/list?status&pageNo`: a page of the staff's inbox in one status. */
export const fetchInbox = (status: number, pageNo: number) => send(SuggestionInbox, "/api/suggestion/list", { input: { status, pageNo } })

/** The live event a staff reply sends to the author's room. */
export const SUGGESTION_REPLIED = "suggestionReplied"
