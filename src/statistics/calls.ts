/**
 * The statistics' calls (spec 001 §7, spec 002 §7, issue 20): each request and answer as one Schema, and the views
 * of the use cases' values. Counts are whole numbers; money is in fen (the page shows yuan with `yuan` of
 * src/shared/money.ts). A figure only the head office sees (new users, real-name and runner approvals) is null for a
 * site admin or a worksite's report key: hidden, never 0. Every refusal is '获取统计数据失败' (403 for a caller who
 * may not see it, 404 for what does not exist), a bad date or range 400 '统计日期范围不正确', no session 401.
 */
import { Schema } from "effect"
import { call, Instant, Text } from "../shared/wire"
import type { DailyBlock, StatisticsSite, TongjiRow } from "./figures"
import type { StatisticsRecord } from "./use-cases"

const None = Schema.Struct({})
const Count = Schema.Int
/** Null when the caller is not the head office. */
const HeadOfficeCount = Schema.NullOr(Schema.Int)
const Fen = Schema.Int

/** A worksite as the statistics name it: its id, short name and site code. */
export const TongjiSiteView = Schema.Struct({
  _id: Schema.String,
  name: Schema.String,
  fullName: Schema.String,
  siteCode: Schema.String
})
export const tongjiSiteView = (s: StatisticsSite): typeof TongjiSiteView.Type => ({ _id: s.id, name: s.name, fullName: s.fullName, siteCode: s.siteCode })

/** `GET /api/worksite/listForTongji`: the worksites the caller may see (the head office every one, a site admin theirs), by site code. */
export const SitesForTongji = call(None, Schema.Array(TongjiSiteView))

/**
 * A `/tongji` row (spec 002 §3), its names as the spec spells them. Over the range: `newBindCount` users newly
 * bound to the worksite (head office only), `liveOrderCount` parcels taken away (at the counter and from lockers),
 * `expessCount` parcels checked in, `smsCount` parcel-notice SMS sent, `paotuiCount` errands paid. Now:
 * `bindCount` users bound to the worksite, `unSubscribeCount` of them no longer following the official account.
 */
export const TongjiRowView = Schema.Struct({
  _id: Schema.String,
  name: Schema.String,
  bindCount: Count,
  newBindCount: HeadOfficeCount,
  unSubscribeCount: Count,
  liveOrderCount: Count,
  expessCount: Count,
  smsCount: Count,
  paotuiCount: Count
})
export const tongjiRowView = (r: TongjiRow): typeof TongjiRowView.Type => ({ ...r })

/**
 * `GET /api/worksite/tongji/{worksiteId}?timeBegin&timeEnd`: a row per worksite (`-1`: every one the caller may
 * see). `timeBegin` and `timeEnd` are dates `YYYY-MM-DD`, `timeEnd` exclusive (the page sends the day after the last
 * one chosen); the range starts within the last 6 months and ends by tomorrow. Neither given: the last 7 days.
 */
export const Tongji = call(Schema.Struct({ worksiteId: Text(), timeBegin: Text(), timeEnd: Text() }), Schema.Array(TongjiRowView))

/** `GET /api/user/unbindCount`: followers of the official account bound to no worksite; null for a site admin. */
export const UnbindCount = call(None, HeadOfficeCount)

/**
 * One worksite's day (spec 001 §3 Statistics) with the spec's names, plus `expessCount` (checked in), `lockerCount`
 * (taken from a locker), `paotuiCount` (errands paid) and `newBindCount` (users newly bound). `time` is the day
 * `YYYY-MM-DD`; `live` is true for today's figures counted now (`_id` is then the worksite's id), false for a stored
 * record; `computedAt` is when they were counted. docs/statistics.md defines each figure.
 */
export const StatisticsRecordView = Schema.Struct({
  _id: Schema.String,
  time: Schema.String,
  live: Schema.Boolean,
  computedAt: Instant,
  worksite: TongjiSiteView,
  /** Parcels on the shelf at the day's end (now, for today). */
  toSendCount: Count,
  /** Parcels handed out at the counter (to the receiver, a friend or a runner) or signed by the receiver. */
  sendedCount: Count,
  /** Of those on the shelf at the day's end, those past the worksite's free hours (48 h). */
  toSendDelayCount: Count,
  /** Parcels handed back to the courier. */
  returnCount: Count,
  /** Sendings booked. */
  takeinCount: Count,
  /** Freight and insurance paid for sendings, fen. */
  takeinIncome: Fen,
  /** Door deliveries ordered (errands of type 1). */
  doorServiceTosendCount: Count,
  /** Door pickups ordered (errands of type 2). */
  doorServiceTakeinCount: Count,
  /** Errands completed. */
  paotuiBizCount: Count,
  /** Errand money kept (paid − refunded) of the errands that ended, fen. */
  paotuiIncome: Fen,
  /** New followers (head office only). */
  wxuserSubscribeCount: HeadOfficeCount,
  /** Real-name verifications passed (head office only). */
  authVerifyCount: HeadOfficeCount,
  /** Runners approved (head office only). */
  paotuiVerifyCount: HeadOfficeCount,
  /** Parcel-notice SMS sent. */
  smsCount: Count,
  /** Their cost: SMS sent × the unit cost, fen. */
  smsCost: Fen,
  expessCount: Count,
  lockerCount: Count,
  paotuiCount: Count,
  newBindCount: HeadOfficeCount
})
export type StatisticsRecordView = typeof StatisticsRecordView.Type

export const statisticsRecordView = (r: StatisticsRecord): StatisticsRecordView => {
  const f = r.figures
  const count = (n: number | null) => n ?? 0
  return {
    _id: r.id, time: r.day, live: r.live, computedAt: r.computedAt, worksite: tongjiSiteView(r.site),
    toSendCount: count(f.onShelf), sendedCount: count(f.handedOut), toSendDelayCount: count(f.overdue), returnCount: count(f.returned),
    takeinCount: count(f.sendings), takeinIncome: count(f.sendingIncome), doorServiceTosendCount: count(f.doorDeliveries),
    doorServiceTakeinCount: count(f.doorPickups), paotuiBizCount: count(f.errandsCompleted), paotuiIncome: count(f.errandIncome),
    wxuserSubscribeCount: f.newFollowers, authVerifyCount: f.verifications, paotuiVerifyCount: f.runners,
    smsCount: count(f.smsCount), smsCost: count(f.smsCost), expessCount: count(f.checkedIn), lockerCount: count(f.lockerOut),
    paotuiCount: count(f.errandsPaid), newBindCount: f.newBindings
  }
}

/**
 * `GET /api/statistics/getById/{id}`: a stored record, or for a worksite's id that worksite's figures today, counted
 * now. Also with a report key as the bearer (within its worksite, or any for a global key).
 */
export const StatisticsById = call(Schema.Struct({ id: Text() }), StatisticsRecordView)

/**
 * A line of a daily block: a worksite's figure that day. `count` is null where it is hidden (block 5 for a site
 * admin), `money` (fen) null where the block has none; `worksite` is its id and `_id` what the line opens with
 * getById: the stored record, the worksite for today's live figures, or null for a past day never stored.
 */
export const DailyLineView = Schema.Struct({
  name: Schema.String,
  count: HeadOfficeCount,
  money: Schema.NullOr(Fen),
  worksite: Schema.String,
  _id: Schema.NullOr(Schema.String)
})

/**
 * A block of the daily report (spec 001 §3, §9): type 1 取件量 (handed out), 2 包裹量 (checked in), 3 快递柜取件量
 * (taken from lockers), 4 跑腿量 (errands completed, money kept), 5 绑定量 (newly bound users, head office only),
 * 6 短信量 (SMS sent and their cost).
 */
export const DailyBlockView = Schema.Struct({
  type: Schema.Literals([1, 2, 3, 4, 5, 6]),
  name: Schema.String,
  detail: Schema.Array(DailyLineView)
})
export const dailyBlockView = (b: DailyBlock): typeof DailyBlockView.Type => ({ type: b.type, name: b.name, detail: b.detail.map((l) => ({ ...l })) })

/**
 * `GET /api/statistics/daily/{date}`: the six blocks of a day (`YYYY-MM-DD`, from 6 months back to today), in type
 * order. Also with a report key as the bearer.
 */
export const DailyStatistics = call(Schema.Struct({ date: Text() }), Schema.Array(DailyBlockView))
