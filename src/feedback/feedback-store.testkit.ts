/**
 * An in-memory FeedbackStore for use-case tests: the port's contract over arrays, as the Postgres store keeps it
 * (a reply and a handle are conditional on the status; counts by time; a page of 20, most recently changed first).
 * It records the arguments the use cases asked with, so a test can assert the window and the scope they used.
 */
import { Effect } from "effect"
import type { Page } from "../wallet/wallet-store"
import { FeedbackStore, type ListedReply, type ListedSuggestion, type Recipient, type Suggestion, type SuggestionReply, type UserAnswer } from "./feedback-store"
import { SuggestionStatus } from "./suggestion"

export const FEEDBACK_PAGE_SIZE = 20

export interface FeedbackWorld {
  readonly suggestions: Array<Suggestion>
  readonly replies: Array<SuggestionReply>
  readonly answers: Array<UserAnswer>
  readonly recipients: Array<Recipient>
  /** Nicknames of users by id, as lists and details show authors. */
  readonly nicknames: Record<string, string>
  /** Who closed which suggestion, and when. */
  readonly handled: Array<{ readonly id: string; readonly byUserId: string; readonly at: Date }>
  /** The `since` each count was asked with. */
  readonly countedSince: Array<Date>
  /** The arguments each list was asked with. */
  readonly listed: Array<{ readonly worksiteId: string | null; readonly statuses: ReadonlyArray<number> | undefined; readonly page: number }>
}

export const feedbackWorld = (over: Partial<FeedbackWorld> = {}): FeedbackWorld => ({
  suggestions: [], replies: [], answers: [], recipients: [], nicknames: {}, handled: [], countedSince: [], listed: [], ...over
})

const listed = (w: FeedbackWorld, s: Suggestion): ListedSuggestion => ({ ...s, authorNickname: w.nicknames[s.userId] ?? null })
const listedReply = (w: FeedbackWorld, r: SuggestionReply): ListedReply => ({ ...r, authorNickname: w.nicknames[r.authorId] ?? null })

export const memoryFeedbackStore = (w: FeedbackWorld) => {
  const at = (id: string) => w.suggestions.findIndex((s) => s.id === id)
  return FeedbackStore.of({
    add: (s) => Effect.sync(() => void w.suggestions.push(s)),
    countSince: (userId, since) => Effect.sync(() => {
      w.countedSince.push(since)
      return w.suggestions.filter((s) => s.userId === userId && s.createdAt.getTime() >= since.getTime()).length
    }),
    find: (id) => Effect.sync(() => {
      const s = w.suggestions[at(id)]
      return s && listed(w, s)
    }),
    replies: (id) => Effect.sync(() => w.replies.filter((r) => r.suggestionId === id).map((r) => listedReply(w, r))),
    reply: (reply, from, to) => Effect.sync(() => {
      const i = at(reply.suggestionId)
      if (i < 0 || w.suggestions[i]!.status !== from) return false
      w.suggestions[i] = { ...w.suggestions[i]!, status: to, updatedAt: reply.createdAt }
      w.replies.push(reply)
      return true
    }),
    handle: (id, byUserId, when) => Effect.sync(() => {
      const i = at(id)
      if (i < 0 || w.suggestions[i]!.status === SuggestionStatus.handled) return false
      w.suggestions[i] = { ...w.suggestions[i]!, status: SuggestionStatus.handled, updatedAt: when }
      w.handled.push({ id, byUserId, at: when })
      return true
    }),
    list: (worksiteId, statuses, page) => Effect.sync((): Page<ListedSuggestion> => {
      w.listed.push({ worksiteId, statuses, page })
      const all = w.suggestions
        .filter((s) => (worksiteId === null || s.worksiteId === worksiteId) && (statuses === undefined || statuses.includes(s.status)))
        .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      return {
        results: all.slice((page - 1) * FEEDBACK_PAGE_SIZE, page * FEEDBACK_PAGE_SIZE).map((s) => listed(w, s)),
        pageNumber: page,
        pageCount: Math.max(1, Math.ceil(all.length / FEEDBACK_PAGE_SIZE)),
        recordCount: all.length
      }
    }),
    recipient: (openid) => Effect.sync(() => w.recipients.find((r) => r.openid === openid)),
    addAnswer: (a) => Effect.sync(() => void w.answers.push(a)),
    answersSince: (fromUserId, since) => Effect.sync(() => {
      w.countedSince.push(since)
      return w.answers.filter((a) => a.fromUserId === fromUserId && a.createdAt.getTime() >= since.getTime()).length
    })
  })
}
