/**
 * The statistics' calls (src/statistics/calls.ts), each sent with the core's call Schema: the sites the caller may
 * see, the `/tongji` rows, the unbound followers, one record, and a day's six blocks. The two report calls also go
 * with a report link's key as their bearer (`key`), which a signed-in admin does without.
 */
import { DailyStatistics, SitesForTongji, StatisticsById, Tongji, UnbindCount } from "#src/statistics/calls"
import { send } from "../../../lib/api-client"

const seg = encodeURIComponent

export type TongjiSite = typeof SitesForTongji.answer.Type[number]
export type TongjiRow = typeof Tongji.answer.Type[number]
export type StatisticsRecord = typeof StatisticsById.answer.Type
export type DailyBlock = typeof DailyStatistics.answer.Type[number]
export type DailyLine = DailyBlock["detail"][number]

/** Every worksite in scope, as `/tongji` asks for them. */
export const ALL_SITES = "-1"

export const fetchSites = () => send(SitesForTongji, "/api/worksite/listForTongji")

/** `timeEnd` is exclusive: the day after the last one chosen. */
export const fetchTongji = (worksiteId: string, timeBegin: string, timeEnd: string) =>
  send(Tongji, `/api/worksite/tongji/${seg(worksiteId)}`, { input: { worksiteId, timeBegin, timeEnd } })

export const fetchUnbindCount = () => send(UnbindCount, "/api/user/unbindCount")

const asBearer = (key: string | undefined) => (key === undefined ? {} : { bearer: key })

export const fetchRecord = (id: string, key?: string) => send(StatisticsById, `/api/statistics/getById/${seg(id)}`, asBearer(key))

export const fetchDaily = (date: string, key?: string) => send(DailyStatistics, `/api/statistics/daily/${seg(date)}`, asBearer(key))
