/**
 * A runner's day (spec 001 §2 "today data"): the orders they accepted today (`getListForDownload`) and the
 * same as the 13-column spreadsheet (`exportExcel/{userId}`), opened from a signed link on a computer.
 * Also the recruiting page of a leader (`/paotuiQrcode`) and the worksite's area (`area/getById`).
 */
import { Effect } from "effect"
import { isJoinedRunner } from "../profile/runner-application"
import type { Actor } from "../shared/actor"
import { NotAllowed, NotFound } from "../shared/errors"
import { Clock } from "../shared/ports"
import { hours, startOfShanghaiDay } from "../shared/time"
import { Worksites } from "../worksite/worksite-store"
import { ErrandStore } from "./errand-store"
import { exportSheet } from "./export"
import { TeamStore } from "./team-store"

export const dayMessages = {
  notRunner: "您还不是跑腿员",
  exportFailed: "导出跑腿单失败",
  linkExpired: "下载链接已过期，请回到手机上重新获取",
  areaMissing: "获取网点信息失败"
} as const

/** How long an export link opens the spreadsheet. */
export const EXPORT_LINK_TTL_MS = 10 * 60 * 1000


/** The runner's lines of the Asia/Shanghai day containing `now`, oldest accepted first. */
const dayLines = Effect.fnUntraced(function* (runnerOpenid: string, now: Date) {
  const from = startOfShanghaiDay(now)
  return yield* (yield* TeamStore).dayOrders(runnerOpenid, from, new Date(from.getTime() + hours(24)))
})

const runnerOf = Effect.fnUntraced(function* (userId: string) {
  const me = yield* (yield* TeamStore).byId(userId)
  if (!me || !isJoinedRunner(me)) return yield* new NotAllowed({ message: dayMessages.notRunner })
  return me
})

/** `getListForDownload`: the caller's orders accepted today, and when the export link made now stops working. */
export const todayOrders = Effect.fn("todayOrders")(function* (actor: Actor) {
  const me = yield* runnerOf(actor.userId)
  const now = yield* (yield* Clock).now
  return { runner: me, lines: yield* dayLines(me.openid, now), linkExpiresAt: new Date(now.getTime() + EXPORT_LINK_TTL_MS) }
})

/**
 * `exportExcel/{userId}`: the spreadsheet rows of that runner's day, or '暂无数据'. The caller is no session:
 * the adapter lets it run only for a link it signed for this user that has not expired.
 */
export const todaySheet = Effect.fn("todaySheet")(function* (userId: string) {
  const me = yield* runnerOf(userId)
  const now = yield* (yield* Clock).now
  const rows = exportSheet(yield* dayLines(me.openid, now))
  if (rows instanceof NotFound) return yield* rows
  return { rows, now }
})

/** `area/getById/{id}`: a worksite's area — its names and the areas its buildings are grouped in. */
export const areaById = Effect.fn("areaById")(function* (id: string) {
  const site = yield* (yield* Worksites).find(id)
  if (!site) return yield* new NotFound({ message: dayMessages.areaMissing })
  const buildings = yield* (yield* ErrandStore).buildings(site.id)
  const areas = [...new Set(buildings.map((b) => b.area).filter((a) => a !== ""))]
  return { site, areas, buildingCount: buildings.length }
})

/** `/paotuiQrcode`: the caller's team and the invitation code that lets a new runner apply into it. */
export const recruitCard = Effect.fn("recruitCard")(function* (actor: Actor) {
  const me = yield* runnerOf(actor.userId)
  const leader = me.isPaotuiLeader ? me : me.paotuiLeader ? yield* (yield* TeamStore).byId(me.paotuiLeader) : undefined
  return { me, leader: leader ?? null, invitation: leader?.invitation ?? null }
})
