/** The announcement calls (spec 002 §7): each request and answer as one Schema, and what an announcement shows. */
import { Schema } from "effect"
import { call, Instant, Text } from "../shared/wire"
import type { Announcement } from "./activity"

export const ActivityView = Schema.Struct({
  _id: Schema.String,
  title: Schema.String,
  /** Cleaned HTML. */
  content: Schema.String,
  timeBegin: Instant,
  timeEnd: Instant
})
export type ActivityView = typeof ActivityView.Type

export const activityView = (a: Announcement): ActivityView => ({ _id: a.id, title: a.title, content: a.content, timeBegin: a.timeBegin, timeEnd: a.timeEnd })

/** `GET /api/active/list/1/{worksiteId}`: the worksite's announcements running now, newest first. */
export const RunningActivities = call(Schema.Struct({ worksiteId: Text() }), Schema.Array(ActivityView))

/** `GET /api/active/{id}`: one announcement, running or not (the page says when it has ended). */
export const ActivityDetail = call(Schema.Struct({ id: Text() }), ActivityView)
