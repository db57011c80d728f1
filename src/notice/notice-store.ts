/** The notice preferences' port: the kinds each user turned off. */
import { Context, Effect } from "effect"
import type { NoticeKind } from "./notice"

export class NoticePreferences extends Context.Service<NoticePreferences, {
  /** The kinds this user turned off (none: all on). */
  offKinds(userId: string): Effect.Effect<ReadonlyArray<NoticeKind>>
  /** Turns one kind on (its row removed) or off (a row kept with the time), whatever it was. */
  set(userId: string, kind: NoticeKind, on: boolean, at: Date): Effect.Effect<void>
}>()("station/NoticePreferences") {}
