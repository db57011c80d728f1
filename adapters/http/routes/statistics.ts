/** The operations statistics' calls: `/tongji`'s sites, rows and unbound total (signed in), and the two report calls (a session or a report key). */
import { Effect } from "effect"
import { Router } from "express"
import {
  DailyStatistics, dailyBlockView, SitesForTongji, StatisticsById, statisticsRecordView, Tongji, tongjiRowView, tongjiSiteView, UnbindCount
} from "#src/statistics/calls"
import { dailyStatistics, sitesForTongji, statisticsRecord, tongji, unbindCount } from "#src/statistics/use-cases"
import type { Runtime } from "../../runtime"
import type { SessionLookup } from "../auth"
import { handle } from "../handle"
import { actorOf } from "../outcome"
import { reportReader, statisticsCallerOf } from "../report-reader"

/** Mounted after the session check. */
export const statisticsRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/worksite/listForTongji", handle(SitesForTongji, (_, req) =>
    runtime.read(sitesForTongji(actorOf(req)).pipe(Effect.map((sites) => sites.map(tongjiSiteView))))))
  r.get("/api/worksite/tongji/:worksiteId", handle(Tongji, ({ worksiteId, timeBegin, timeEnd }, req) =>
    runtime.read(tongji(actorOf(req), worksiteId, timeBegin, timeEnd).pipe(Effect.map((rows) => rows.map(tongjiRowView))))))
  r.get("/api/user/unbindCount", handle(UnbindCount, (_, req) => runtime.read(unbindCount(actorOf(req)))))
  return r
}

/** Mounted before the session check: these two take a session or a report key. */
export const statisticsReportRoutes = (runtime: Runtime, sessions: SessionLookup) => {
  const r = Router()
  const reader = reportReader(runtime.db, sessions, () => runtime.now())
  r.get("/api/statistics/daily/:date", reader, handle(DailyStatistics, ({ date }, req) =>
    runtime.read(dailyStatistics(statisticsCallerOf(req), date).pipe(Effect.map((blocks) => blocks.map(dailyBlockView))))))
  r.get("/api/statistics/getById/:id", reader, handle(StatisticsById, ({ id }, req) =>
    runtime.read(statisticsRecord(statisticsCallerOf(req), id).pipe(Effect.map(statisticsRecordView)))))
  return r
}
