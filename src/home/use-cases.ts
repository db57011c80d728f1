/**
 * Announcement use cases: the carousel's running list and the detail page (any signed-in user: announcements are
 * public notices of a worksite), and the operator's list, add and end (`station activity`), the last two logged.
 */
import { Effect, Schema } from "effect"
import { NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { ById, logOperation, operationKind, STATION_OPERATOR } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { messages as worksiteMessages } from "../worksite/directory"
import { Worksites } from "../worksite/worksite-store"
import { activityState, draftRefusal, endedAt, messages, windowOf, type Announcement, type AnnouncementDraft } from "./activity"
import { ContentCleaner } from "./activity-content"
import { ActivityStore } from "./activity-store"


/** The draft as the operator wrote it (the content before cleaning; the window as named): a replay cleans and reads it again. */
export const AddActivityOperation = operationKind("addActivity",
  Schema.Struct({ worksiteId: Schema.String, title: Schema.String, content: Schema.String, from: Schema.String, to: Schema.String }),
  Schema.Struct({ id: Schema.String, timeBegin: Schema.String, timeEnd: Schema.String }))
export const EndActivityOperation = operationKind("endActivity", ById, Schema.Struct({ id: Schema.String, timeEnd: Schema.String }))

const notFound = () => new NotFound({ message: messages.notFound })

/** Whether cleaned HTML still shows something: text, or a picture. */
export const showsSomething = (html: string): boolean =>
  /<img\b/i.test(html) || html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|\s/g, "") !== ""

/** `GET /api/active/list/1/{worksiteId}`: an unknown worksite is 404. */
export const runningActivities = Effect.fn("runningActivities")(function* (worksiteId: string) {
  if (!(yield* (yield* Worksites).find(worksiteId))) return yield* new NotFound({ message: worksiteMessages.notFound })
  return yield* (yield* ActivityStore).running(worksiteId, yield* (yield* Clock).now)
})

/** `GET /api/active/{id}`: an announcement whatever its window (the page tells an ended one); anything else is 404. */
export const activityDetail = Effect.fn("activityDetail")(function* (id: string) {
  return (yield* (yield* ActivityStore).find(id)) ?? (yield* notFound())
})

export const listActivities = Effect.fn("listActivities")(function* (filter: { readonly worksiteId?: string | undefined; readonly limit: number }) {
  const now = yield* (yield* Clock).now
  return (yield* (yield* ActivityStore).list(filter)).map((a) => ({ ...a, state: activityState(a, now) }))
})

export const addActivity = Effect.fn("addActivity")(function* (draft: AnnouncementDraft) {
  const refusal = draftRefusal(draft)
  if (refusal) return yield* refusal
  const window = windowOf(draft.from, draft.to)
  if (window instanceof RuleViolation) return yield* window
  if (!(yield* (yield* Worksites).find(draft.worksiteId))) return yield* new NotFound({ message: worksiteMessages.notFound })
  const content = yield* (yield* ContentCleaner).clean(draft.content)
  if (!showsSomething(content)) return yield* new RuleViolation({ message: messages.contentRequired })
  const announcement: Announcement = {
    id: yield* (yield* Ids).next, worksiteId: draft.worksiteId, title: draft.title.trim(), content, ...window
  }
  yield* (yield* ActivityStore).add(announcement)
  yield* logOperation(AddActivityOperation, STATION_OPERATOR, yield* (yield* Clock).now, draft,
    { id: announcement.id, timeBegin: announcement.timeBegin.toISOString(), timeEnd: announcement.timeEnd.toISOString() })
  return announcement
})

/** Ends an announcement now (one not begun never runs); one already ended is 409. */
export const endActivity = Effect.fn("endActivity")(function* (id: string) {
  const store = yield* ActivityStore
  const now = yield* (yield* Clock).now
  const found = yield* store.find(id)
  if (!found) return yield* notFound()
  if (activityState(found, now) === "ended") return yield* new StateConflict({ message: messages.alreadyEnded })
  const ended = yield* store.end(id, endedAt(found, now))
  if (!ended) return yield* new StateConflict({ message: messages.alreadyEnded })
  yield* logOperation(EndActivityOperation, STATION_OPERATOR, now, { id }, { id, timeEnd: ended.timeEnd.toISOString() })
  return ended
})
