/** Announcement calls: the worksite's running ones (the home carousel) and one by id (its page). */
import { Effect } from "effect"
import { Router } from "express"
import { ActivityDetail, activityView, RunningActivities } from "#src/home/calls"
import { activityDetail, runningActivities } from "#src/home/use-cases"
import type { Runtime } from "../../runtime"
import { handle } from "../handle"

export const activityRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/active/list/1/:worksiteId", handle(RunningActivities, ({ worksiteId }) =>
    runtime.read(runningActivities(worksiteId ?? "").pipe(Effect.map((list) => list.map(activityView))))))

  r.get("/api/active/:id", handle(ActivityDetail, ({ id }) => runtime.read(activityDetail(id ?? "").pipe(Effect.map(activityView)))))

  return r
}
