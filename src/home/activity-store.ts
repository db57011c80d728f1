/** The announcements' port: written by the operator, read by the home carousel and the detail page. */
import { Context, Effect } from "effect"
import type { Announcement } from "./activity"

/** The most running announcements the carousel gets at once. */
export const RUNNING_LIMIT = 20

export class ActivityStore extends Context.Service<ActivityStore, {
  /** The worksite's announcements running at this instant, newest first, at most `RUNNING_LIMIT`. */
  running(worksiteId: string, now: Date): Effect.Effect<ReadonlyArray<Announcement>>
  find(id: string): Effect.Effect<Announcement | undefined>
  /** Every announcement (of one worksite, when named), newest first, at most `limit`. */
  list(filter: { readonly worksiteId?: string | undefined; readonly limit: number }): Effect.Effect<ReadonlyArray<Announcement>>
  add(announcement: Announcement): Effect.Effect<void>
  /** Closes the window at `at` if it is still open then (its end later than `at`); the announcement as it is now, if it was. */
  end(id: string, at: Date): Effect.Effect<Announcement | undefined>
}>()("station/ActivityStore") {}
