/**
 * The reminders' use cases: read and turn the switches (logged as `setNotice`), and `notify`, which the use cases
 * that check a parcel in, remind of its return or move an errand or a send order call to put a template message in
 * the outbox, in their own transaction, unless its recipient turned the kind off.
 */
import { Effect, Schema } from "effect"
import type { Actor } from "../shared/actor"
import { RuleViolation } from "../shared/errors"
import { logOperation, operationKind } from "../shared/operation"
import { Clock, Outbox } from "../shared/ports"
import { NOTICE_KINDS, NoticeKind, noticeMessages, settingsFrom } from "./notice"
import { NoticePreferences } from "./notice-store"
import { NoticeSettingsView } from "./calls"

export const SetNoticeOperation = operationKind("setNotice", Schema.Struct({ kind: NoticeKind, on: Schema.Boolean }), NoticeSettingsView)

export const noticeSettings = Effect.fn("noticeSettings")(function* (actor: Actor) {
  return settingsFrom(yield* (yield* NoticePreferences).offKinds(actor.userId))
})

const isKind = (k: string | undefined): k is NoticeKind => (NOTICE_KINDS as ReadonlyArray<string | undefined>).includes(k)

/** Turns one of the user's reminders on or off; answers all their switches. */
export const setNotice = Effect.fn("setNotice")(function* (actor: Actor, kind: string | undefined, on: boolean | undefined) {
  if (!isKind(kind)) return yield* new RuleViolation({ message: noticeMessages.kindRequired })
  if (on === undefined) return yield* new RuleViolation({ message: noticeMessages.onRequired })
  const preferences = yield* NoticePreferences
  const at = yield* (yield* Clock).now
  yield* preferences.set(actor.userId, kind, on, at)
  const settings = settingsFrom(yield* preferences.offKinds(actor.userId))
  yield* logOperation(SetNoticeOperation, actor.openid, at, { kind, on }, settings)
  return settings
})

/** Who a template message goes to: the user (whose switches count) and their openid (the messaging app's address). */
export interface NoticeRecipient {
  readonly userId: string
  readonly openid: string
}

/** Whether a template message of this kind may go to the recipient: they have an openid and did not turn the kind off. */
export const wantsNotice = Effect.fn("wantsNotice")(function* (to: NoticeRecipient | undefined, kind: NoticeKind) {
  if (!to || to.openid === "") return false
  return !(yield* (yield* NoticePreferences).offKinds(to.userId)).includes(kind)
})

/**
 * Puts a template message of this kind in the outbox, dated `at` (the operation's time), unless the recipient turned the
 * kind off; answers whether it did.
 */
export const notify = Effect.fn("notify")(function* (
  to: NoticeRecipient | undefined, kind: NoticeKind, template: string, params: Readonly<Record<string, string>>, at: Date
) {
  if (!to || !(yield* wantsNotice(to, kind))) return false
  yield* (yield* Outbox).enqueue({ channel: "template", to: to.openid, template, params }, at)
  return true
})
