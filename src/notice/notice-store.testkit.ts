/** The notice preferences in memory: the kinds each user turned off. */
import { Effect } from "effect"
import type { NoticeKind } from "./notice"
import { NoticePreferences } from "./notice-store"

export const memoryNoticePreferences = (off: Record<string, ReadonlyArray<NoticeKind>> = {}) => {
  const state = new Map<string, Set<NoticeKind>>(Object.entries(off).map(([u, kinds]) => [u, new Set(kinds)]))
  const service = NoticePreferences.of({
    offKinds: (userId) => Effect.sync(() => [...(state.get(userId) ?? [])].sort()),
    set: (userId, kind, on) => Effect.sync(() => {
      const kinds = state.get(userId) ?? new Set<NoticeKind>()
      if (on) kinds.delete(kind)
      else kinds.add(kind)
      state.set(userId, kinds)
    })
  })
  return { state, service, provide: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.provideService(effect, NoticePreferences, service) }
}
