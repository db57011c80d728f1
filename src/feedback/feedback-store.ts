/** The feedback's port: suggestions, their replies and the notes staff write to a user. */
import { Context, Effect } from "effect"
import type { Page } from "../wallet/wallet-store"
import type { SuggestionStatus, SuggestionType } from "./suggestion"

export interface Suggestion {
  readonly id: string
  readonly userId: string
  readonly worksiteId: string | null
  readonly type: SuggestionType
  readonly title: string
  readonly content: string
  /** Picture URLs (`/sign/…`), the author's own uploads. */
  readonly pics: ReadonlyArray<string>
  readonly status: SuggestionStatus
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** A suggestion as lists and details show it: with its author's nickname. */
export interface ListedSuggestion extends Suggestion {
  readonly authorNickname: string | null
}

export interface SuggestionReply {
  readonly id: string
  readonly suggestionId: string
  readonly authorId: string
  readonly byStaff: boolean
  readonly content: string
  readonly createdAt: Date
}

export interface ListedReply extends SuggestionReply {
  readonly authorNickname: string | null
}

export interface UserAnswer {
  readonly id: string
  readonly fromUserId: string
  readonly toUserId: string
  readonly content: string
  readonly createdAt: Date
}

export interface Recipient {
  readonly id: string
  readonly openid: string
  readonly worksiteId: string | null
  readonly nickname: string | null
  readonly phoneMain: string | null
}

export class FeedbackStore extends Context.Service<FeedbackStore, {
  add(suggestion: Suggestion): Effect.Effect<void>
  /** How many suggestions the user made since the time. */
  countSince(userId: string, since: Date): Effect.Effect<number>
  find(id: string): Effect.Effect<ListedSuggestion | undefined>
  replies(suggestionId: string): Effect.Effect<ReadonlyArray<ListedReply>>
  /** Adds the reply and moves the status, only if it is still `from` (a conditional change); false when it was not. */
  reply(reply: SuggestionReply, from: SuggestionStatus, to: SuggestionStatus): Effect.Effect<boolean>
  /** Closes it as handled if it is not yet; false when it already was. */
  handle(id: string, byUserId: string, at: Date): Effect.Effect<boolean>
  /** A page of suggestions, most recently changed first: one worksite's (null: every site's), of these statuses (undefined: all). */
  list(worksiteId: string | null, statuses: ReadonlyArray<SuggestionStatus> | undefined, page: number): Effect.Effect<Page<ListedSuggestion>>
  /** A user staff may write to, by openid. */
  recipient(openid: string): Effect.Effect<Recipient | undefined>
  addAnswer(answer: UserAnswer): Effect.Effect<void>
  answersSince(fromUserId: string, since: Date): Effect.Effect<number>
}>()("station/FeedbackStore") {}
