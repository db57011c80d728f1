import { fc, test } from "@fast-check/vitest"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Clock, OpsLog, type StationOperation } from "../shared/ports"
import {
  prunedThrough, pruneSentMessages, QueuedMessages, replayPruneMessages, SENT_MESSAGE_KEEP_DAYS, sentMessageCutoff, type QueuedMessage
} from "./message-retention"

const DAY = 24 * 60 * 60 * 1000
const NOW = new Date("2026-12-01T04:00:00Z")

type Row = QueuedMessage & { readonly id: number }

/** The outbox as the Postgres store reads it: oldest first (then by id), the first `limit` and the rest of the last one's time. */
const storeOf = (rows: Row[]) => QueuedMessages.of({
  oldest: (before, limit) => Effect.sync(() => {
    const sorted = rows.filter((r) => r.createdAt < before).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
    const last = sorted[limit - 1]
    return last ? sorted.filter((r) => r.createdAt <= last.createdAt) : sorted
  }),
  deleteThrough: (through) => Effect.sync(() => {
    const gone = rows.filter((r) => r.createdAt <= through)
    for (const r of gone) rows.splice(rows.indexOf(r), 1)
    return gone.length
  })
})

const run = <A>(effect: Effect.Effect<A, never, QueuedMessages | Clock | OpsLog>, rows: Row[], logged: StationOperation[], now = NOW) =>
  Effect.runSync(effect.pipe(
    Effect.provideService(QueuedMessages, storeOf(rows)),
    Effect.provideService(Clock, { now: Effect.succeed(now) }),
    Effect.provideService(OpsLog, { append: (op) => Effect.sync(() => void logged.push(op)) })
  ))

/** Messages around the cutoff, many at the same time (a check-in queues its SMS and its template message at once). */
const rows = fc.array(fc.record({
  createdAt: fc.integer({ min: -12, max: 4 }).map((h) => new Date(sentMessageCutoff(NOW).getTime() + h * 60 * 60 * 1000)),
  done: fc.integer({ min: 0, max: 5 }).map((n) => n > 0)
}), { maxLength: 40 }).map((rs) => rs.map((r, id) => ({ ...r, id })))

const ids = (rs: ReadonlyArray<Row>) => rs.map((r) => r.id).sort((a, b) => a - b)

describe("retention of sent messages", () => {
  it("keeps a done message for 90 days after it was queued, to the millisecond", () => {
    const cutoff = sentMessageCutoff(NOW)
    expect(NOW.getTime() - cutoff.getTime()).toBe(SENT_MESSAGE_KEEP_DAYS * DAY)
    const store: Row[] = [{ id: 1, createdAt: new Date(cutoff.getTime() - 1), done: true }, { id: 2, createdAt: cutoff, done: true }]
    expect(run(pruneSentMessages(10), store, [])).toBe(1)
    expect(ids(store)).toEqual([2])
  })

  it("takes whole times of done messages from the oldest, stops at a time that holds one not done", () => {
    const at = (h: number, done = true) => ({ createdAt: new Date(h * 60_000), done })
    expect(prunedThrough([], 5)).toBeUndefined()
    expect(prunedThrough([at(1, false), at(2)], 5)).toBeUndefined()
    expect(prunedThrough([at(1), at(2), at(2, false), at(3)], 5)).toEqual(new Date(60_000))
    // the limit is reached inside a time: the whole time goes
    expect(prunedThrough([at(1), at(2), at(2), at(2), at(3)], 2)).toEqual(new Date(2 * 60_000))
    expect(prunedThrough([at(1), at(2), at(3)], 2)).toEqual(new Date(2 * 60_000))
  })

  test.prop([rows, fc.integer({ min: 1, max: 5 })])(
    "batch after batch deletes exactly the done messages older than the cutoff and than every message not done; each batch logged; its replay deletes the same",
    (messages, limit) => {
      const store = [...messages]
      const logged: StationOperation[] = []
      const counts: number[] = []
      for (let gone = limit; gone >= limit;) counts.push(gone = run(pruneSentMessages(limit), store, logged))
      const cutoff = sentMessageCutoff(NOW).getTime()
      const firstOpen = Math.min(cutoff, ...messages.filter((m) => !m.done).map((m) => m.createdAt.getTime()))
      expect(ids(store)).toEqual(ids(messages.filter((m) => m.createdAt.getTime() >= firstOpen)))
      expect(logged.map((o) => o.outcome)).toEqual(counts.filter((n) => n > 0).map((count) => ({ count })))
      expect(logged.every((o) => o.op === "pruneMessages" && o.actorOpenid === "station-system" && o.at === NOW)).toBe(true)

      // a replayed database holds the same messages without delivery marks, and its clock is another
      const replayed = messages.map((m) => ({ ...m, done: false }))
      const again: StationOperation[] = []
      for (const o of logged) {
        const input = o.input as { before: string; through: string; limit: number }
        expect(run(replayPruneMessages(input), replayed, again, new Date(NOW.getTime() + 400 * DAY))).toEqual(o.outcome)
      }
      expect(ids(replayed)).toEqual(ids(store))
      expect(again.map((o) => [o.op, o.input, o.outcome])).toEqual(logged.map((o) => [o.op, o.input, o.outcome]))
    })
})
