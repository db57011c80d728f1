/**
 * `station feedback list|show|reply|handle`: the students' suggestions for the head office at the command line. Reading
 * needs no one; a reply or a handling is made as a person (`--as <openid>`: the head office's admin or staff of the
 * suggestion's worksite), through the same use cases as the pages, logged and replayed.
 */
import { shanghaiDateTime } from "#src/shared/time"
import { Effect } from "effect"
import { actorByOpenid } from "#adapters/ops/actors"
import { FeedbackStore, type ListedSuggestion } from "#src/feedback/feedback-store"
import { suggestionStatusName, suggestionTypeName, SuggestionStatus } from "#src/feedback/suggestion"
import { handleSuggestion, replySuggestion } from "#src/feedback/use-cases"
import type { Runtime } from "../adapters/runtime"
import { withRuntime } from "./database"
import { word } from "./lang"
import { Refusal, render, UsageError, valueOf, type Options } from "./outcome"
import { pairs, table } from "./table"

const statusName = (status: number) => word(suggestionStatusName[status as SuggestionStatus] ?? String(status))

const view = (s: ListedSuggestion) => ({
  id: s.id, worksiteId: s.worksiteId, type: s.type, typeName: suggestionTypeName[s.type], title: s.title, content: s.content, pics: s.pics,
  status: s.status, author: s.authorNickname, createdAt: s.createdAt, updatedAt: s.updatedAt
})

export interface ListOptions extends Options {
  readonly open?: boolean
  readonly worksite?: string
  readonly limit: number
}

export const listFeedback = async (options: ListOptions) =>
  withRuntime(async (runtime) => {
    const statuses = options.open ? [SuggestionStatus.open, SuggestionStatus.answered] : undefined
    const rows: Array<ListedSuggestion> = []
    for (let page = 1, pages = 1; page <= pages && rows.length < options.limit; page++) {
      const listed = valueOf(await runtime.read(FeedbackStore.use((s) => s.list(options.worksite || null, statuses, page))))
      rows.push(...listed.results)
      pages = listed.pageCount
    }
    const shown = rows.slice(0, options.limit)
    render(options, shown.map(view), () =>
      shown.length === 0 ? "No feedback." : table(shown, [
        { header: "id", value: (s) => s.id },
        { header: "worksite", value: (s) => s.worksiteId ?? "-" },
        { header: "type", value: (s) => word(suggestionTypeName[s.type]) },
        { header: "title", value: (s) => s.title },
        { header: "status", value: (s) => statusName(s.status) },
        { header: "changed", value: (s) => shanghaiDateTime(s.updatedAt) }
      ]))
  })

const found = async (runtime: Runtime, id: string) => {
  const suggestion = valueOf(await runtime.read(FeedbackStore.use((s) => s.find(id))))
  if (!suggestion) throw new Refusal("NotFound", `no feedback ${id}`)
  return suggestion
}

export const showFeedback = async (id: string, options: Options) =>
  withRuntime(async (runtime) => {
    const suggestion = await found(runtime, id)
    const replies = valueOf(await runtime.read(FeedbackStore.use((s) => s.replies(id))))
    render(options, { ...view(suggestion), replies }, () => [
      pairs([
        ["id", suggestion.id], ["worksite", suggestion.worksiteId ?? "-"], ["type", word(suggestionTypeName[suggestion.type])], ["title", suggestion.title],
        ["status", statusName(suggestion.status)], ["author", suggestion.authorNickname], ["at", shanghaiDateTime(suggestion.createdAt)],
        ["pictures", suggestion.pics.length]
      ]),
      "",
      suggestion.content,
      ...replies.map((r) => `\n[${shanghaiDateTime(r.createdAt)}] ${r.byStaff ? "staff" : r.authorNickname ?? "author"}: ${r.content}`)
    ].join("\n"))
  })

export interface AsOptions extends Options {
  readonly as: string
}

const actorAs = async (runtime: Runtime, openid: string) => {
  const actor = await actorByOpenid(runtime.db, openid)
  if (!actor) throw new UsageError(`no user with openid ${openid}`)
  return actor
}

export const replyFeedback = async (id: string, text: string, options: AsOptions) =>
  withRuntime(async (runtime) => {
    const actor = await actorAs(runtime, options.as)
    const { suggestion } = valueOf(await runtime.run(replySuggestion(actor, id, text)))
    render(options, { id, status: suggestion.status }, () => `Replied; the feedback is now ${statusName(suggestion.status)}.`)
  })

export const handleFeedback = async (id: string, options: AsOptions) =>
  withRuntime(async (runtime) => {
    const actor = await actorAs(runtime, options.as)
    const handled = valueOf(await runtime.run(handleSuggestion(actor, id).pipe(Effect.map((s) => s.status))))
    render(options, { id, status: handled }, () => "Handled.")
  })
