/**
 * The reminder 24 hours before a parcel becomes due for return (issue 21 item 8, job `remind-due-returns`): a parcel
 * still waiting at status 0 or 1 two days after its check-in gets one template message to its receiver with its
 * pickup code and the time it goes back, unless the receiver turned 退回前提醒 off. Each parcel is reminded once: a
 * marker is kept whether a message was written or not (turned off, no receiver with an openid), in the same
 * transaction as the message and the operations-log row. A parcel already due (the job was late) gets none: it is
 * on its way back.
 */
import { Context, Effect, Schema } from "effect"
import { notify } from "../notice/use-cases"
import { logOperation, operationKind } from "../shared/operation"
import { Clock } from "../shared/ports"
import { ParcelStore } from "./parcel-store"
import { RETURN_AFTER_MS, SYSTEM_ACTOR } from "./returns"
import { statusesFor } from "./status-machine"
import { storageCode } from "./storage-code"

/** Reminded this long before the parcel becomes due. */
export const REMIND_BEFORE_MS = 24 * 60 * 60 * 1000
/** The template message's name. */
export const RETURN_SOON_TEMPLATE = "parcelReturnSoon"
const DUE_LIMIT = 500

export type RemindOutcome = "reminded" | "silenced" | "skipped"
export const REMIND_OUTCOMES: ReadonlyArray<RemindOutcome> = ["reminded", "silenced", "skipped"]

/** The reminders' marker: which parcels were reminded. */
export class ReturnReminders extends Context.Service<ReturnReminders, {
  /** Parcels at these statuses checked in within [from, to), not reminded yet, oldest first. */
  due(statuses: ReadonlyArray<number>, from: Date, to: Date, limit: number): Effect.Effect<ReadonlyArray<string>>
  /** Marks the parcel reminded, no message written yet; false when it already was (by another run, which holds it till it ends). */
  claim(parcelId: string, at: Date): Effect.Effect<boolean>
  /** Notes on the parcel's marker that its message was written. */
  markSent(parcelId: string): Effect.Effect<void>
}>()("station/ReturnReminders") {}

/** Within the reminder's window at `now`: at least two days after check-in, not yet three (then it is due). */
export const inReminderWindow = (createdAt: Date, now: Date) => {
  const age = now.getTime() - createdAt.getTime()
  return age >= RETURN_AFTER_MS - REMIND_BEFORE_MS && age < RETURN_AFTER_MS
}

/** A time as the message shows it, in Asia/Shanghai: `11-30 14:05`. */
export const shanghaiMinute = (at: Date) => new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(5, 16).replace("T", " ")

export const RemindReturnOperation = operationKind("remindReturn", Schema.Struct({ id: Schema.String }), Schema.Struct({ sent: Schema.Boolean }))

/** The parcels to remind now, oldest first. */
export const dueReturnReminders = Effect.fn("dueReturnReminders")(function* () {
  const now = yield* (yield* Clock).now
  return yield* (yield* ReturnReminders).due(statusesFor("markDue"), new Date(now.getTime() - RETURN_AFTER_MS), new Date(now.getTime() - RETURN_AFTER_MS + REMIND_BEFORE_MS + 1), DUE_LIMIT)
})

/**
 * Reminds one parcel's receiver: skipped when it is no longer waiting, outside its window or already reminded;
 * `silenced` when marked without a message (turned off, or nobody to write to).
 */
export const remindReturn = Effect.fn("remindReturn")(function* (parcelId: string) {
  const now = yield* (yield* Clock).now
  const parcel = yield* (yield* ParcelStore).findById(parcelId)
  if (!parcel || !statusesFor("markDue").includes(parcel.status) || !inReminderWindow(parcel.createdAt, now)) return "skipped" as RemindOutcome
  const to = parcel.receiverId && parcel.receiverOpenid ? { userId: parcel.receiverId, openid: parcel.receiverOpenid } : undefined
  const reminders = yield* ReturnReminders
  // the marker first: a second run (or a second server) that lost the race writes nothing
  if (!(yield* reminders.claim(parcel.id, now))) return "skipped" as RemindOutcome
  const sent = yield* notify(to, "returnReminder", RETURN_SOON_TEMPLATE, {
    company: parcel.expressCompanyName, code: storageCode(parcel.storageNo, parcel.tag),
    returnAt: shanghaiMinute(new Date(parcel.createdAt.getTime() + RETURN_AFTER_MS))
  }, now)
  if (sent) yield* reminders.markSent(parcel.id)
  yield* logOperation(RemindReturnOperation, SYSTEM_ACTOR, now, { id: parcel.id }, { sent })
  return (sent ? "reminded" : "silenced") as RemindOutcome
})
