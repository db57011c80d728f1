/**
 * How long a queued message (a parcel SMS, a template message) is kept in the outbox. A message not yet done (not sent,
 * still being retried) is kept, and so is every message queued after it; a done one (sent, given up, or written by a
 * replay, which never sends) goes 90 days after it was queued: the parcel history and the live statistics read
 * messages of days the daily statistics have long stored by then, and the SMS credit's books keep their own lines.
 * Deleted oldest first in batches, each batch its own transaction and its own operation, so `station replay` deletes
 * the same messages. A captcha SMS is no operation's (the digest leaves it out), so this prune leaves it to the job.
 */
import { Context, Effect, Schema } from "effect"
import { SYSTEM_ACTOR } from "../parcel/returns"
import { logOperation, operationKind } from "../shared/operation"
import { Clock } from "../shared/ports"

export const SENT_MESSAGE_KEEP_DAYS = 90

const DAY_MS = 24 * 60 * 60 * 1000

/** The time before which a done message is no longer kept, at `now`. */
export const sentMessageCutoff = (now: Date): Date => new Date(now.getTime() - SENT_MESSAGE_KEEP_DAYS * DAY_MS)

/** A queued message as the prune sees it: when it was queued (the operation's time) and whether it is done. */
export interface QueuedMessage {
  readonly createdAt: Date
  readonly done: boolean
}

/**
 * The time through which a batch deletes, from the oldest messages (oldest first, every message of the last time among
 * them): whole times of done messages from the oldest on, until one time holds a message not yet done or at least
 * `limit` are taken; undefined when the oldest is not done (or there is none). Deleting by time alone is what makes
 * the batch replay: a replayed database has no delivery marks, but the same messages at the same times.
 */
export const prunedThrough = (oldest: ReadonlyArray<QueuedMessage>, limit: number): Date | undefined => {
  let through: Date | undefined
  for (let i = 0; i < oldest.length && i < limit;) {
    const at = oldest[i]!.createdAt.getTime()
    let j = i
    while (j < oldest.length && oldest[j]!.createdAt.getTime() === at) j++
    if (oldest.slice(i, j).some((m) => !m.done)) break
    through = oldest[i]!.createdAt
    i = j
  }
  return through
}

/** The outbox as the prune reads and deletes it, captcha SMS aside. */
export class QueuedMessages extends Context.Service<QueuedMessages, {
  /** The messages queued before `before`, oldest first: the first `limit`, and every other queued at the last one's time. */
  oldest(before: Date, limit: number): Effect.Effect<ReadonlyArray<QueuedMessage>>
  /** Deletes every message queued at or before `through`; answers how many went. */
  deleteThrough(through: Date): Effect.Effect<number>
}>()("station/QueuedMessages") {}

/** A batch of done messages deleted by the scheduler: the cutoff and batch it used and the time it deleted through (ISO), how many went. */
export const PruneMessagesOperation = operationKind("pruneMessages",
  Schema.Struct({ before: Schema.String, through: Schema.String, limit: Schema.Int }), Schema.Struct({ count: Schema.Int }))

const deleteThrough = Effect.fn("pruneMessagesBatch")(function* (before: Date, through: Date, limit: number) {
  const count = yield* (yield* QueuedMessages).deleteThrough(through)
  if (count > 0) {
    yield* logOperation(PruneMessagesOperation, SYSTEM_ACTOR, yield* (yield* Clock).now,
      { before: before.toISOString(), through: through.toISOString(), limit }, { count })
  }
  return count
})

/**
 * Deletes one batch of done messages past their keep period, about `limit` (a time's messages go together): fewer
 * than `limit` deleted means none is left that may go now.
 */
export const pruneSentMessages = Effect.fn("pruneSentMessages")(function* (limit: number) {
  const before = sentMessageCutoff(yield* (yield* Clock).now)
  const through = prunedThrough(yield* (yield* QueuedMessages).oldest(before, limit), limit)
  return through ? yield* deleteThrough(before, through, limit) : 0
})

/** The replay of a logged batch: the messages through the logged time, whatever the replaying clock says or its delivery marks. */
export const replayPruneMessages = (input: { readonly before: string; readonly through: string; readonly limit: number }) =>
  deleteThrough(new Date(input.before), new Date(input.through), input.limit).pipe(Effect.map((count) => ({ count })))
