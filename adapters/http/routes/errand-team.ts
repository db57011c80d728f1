/**
 * The errand team calls: rating and tipping, credit records, hand-overs to teammates, building leaders and
 * their counts, the runner's day with its signed spreadsheet link, the recruiting card and the area.
 */
import { Effect, Exit } from "effect"
import { Router } from "express"
import { toXlsx } from "../../sheets/sheet"
import {
  AreaById, BuildingsForManager, BuildingStatus, buildingView, CreditRecords, creditRecordView, DayOrders, DelManager, FindManager, Rate, RecruitCard,
  Reward, SetManager, TransferBatch, TransferOne
} from "#src/errand/calls"
import { EXPORT_COLUMNS } from "#src/errand/export"
import { exportRow } from "#src/errand/export"
import { creditRecords, payTip, rateErrand, reviewMessages } from "#src/errand/reviews"
import { areaById, dayMessages, recruitCard, todayOrders, todaySheet } from "#src/errand/runner-day"
import {
  buildingsForLeader, buildingStatus, findManager, removeBuildingManager, setBuildingManager, teamMessages, transferOrders
} from "#src/errand/team"
import { memberName } from "#src/errand/team-store"
import { pageRequest } from "#src/shared/paging"
import { Clock } from "#src/shared/ports"
import { shanghaiDate } from "#src/shared/time"
import type { Runtime } from "../../runtime"
import { linkSigner, type LinkSigner } from "../../security/link-signer"
import { handle } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf, sendExit, sendFailure } from "../outcome"

const exportPath = (userId: string) => `/api/paotuiOrder/exportExcel/${encodeURIComponent(userId)}`

const signers = new WeakMap<Runtime, LinkSigner>()
/** The export links' signer, keyed off the server's QR secret (shared by every process of the station). */
export const exportLinks = (runtime: Runtime): LinkSigner => {
  let signer = signers.get(runtime)
  if (!signer) signers.set(runtime, (signer = linkSigner(runtime.secrets.qrKey, "errand-export")))
  return signer
}

const tagsOf = (tags: ReadonlyArray<unknown> | undefined): ReadonlyArray<number> =>
  (tags ?? []).map((t) => (typeof t === "number" ? t : typeof t === "string" && /^\d$/.test(t) ? Number(t) : Number.NaN))

export const errandTeamRoutes = (runtime: Runtime) => {
  const r = Router()

  // --- rating, tip, credit ---
  r.put("/api/paotuiOrder/comment/update", idempotent(runtime.db), handle(Rate, (input, req) =>
    runtime.run(rateErrand(actorOf(req), {
      paotuiId: input.paotuiId ?? "", acceptOpenid: input.acceptOpenid ?? "", score: input.score ?? 0, tags: tagsOf(input.tags)
    }).pipe(Effect.asVoid)), () => ({ message: reviewMessages.done })))

  r.get("/api/paotuiOrder/reward/:id/:amount", handle(Reward, ({ id, amount }, req) =>
    runtime.run(payTip(actorOf(req), id ?? "", amount ?? 0).pipe(Effect.map((t) => ({ prepayId: t.prepayId }))))))

  r.get("/api/creditscore/wxlist", handle(CreditRecords, ({ pageNo, cursor }, req) =>
    runtime.read(pageRequest(pageNo, cursor).pipe(Effect.flatMap((page) => creditRecords(actorOf(req), page)),Effect.map(({ records }) => ({ ...records, results: records.results.map(creditRecordView) }))))))

  // --- transfers ---
  r.put("/api/paotuiOrder/rollout/single", idempotent(runtime.db), handle(TransferOne, (input, req) =>
    runtime.run(transferOrders(actorOf(req), { ids: input.paotuiId ? [input.paotuiId] : [], acceptUserId: input.acceptUserId ?? "", acceptOpenid: input.acceptOpenid })
      .pipe(Effect.asVoid)), () => ({ message: teamMessages.done })))

  r.put("/api/paotuiOrder/rollout/batch", idempotent(runtime.db), handle(TransferBatch, (input, req) =>
    runtime.run(transferOrders(actorOf(req), { ids: input.paotuiIds ?? [], acceptUserId: input.acceptUserId ?? "", acceptOpenid: input.acceptOpenid })
      .pipe(Effect.asVoid)), () => ({ message: teamMessages.done })))

  // --- building leaders ---
  r.get("/api/building/listForSetManager/:worksiteId", handle(BuildingsForManager, ({ worksiteId }, req) =>
    runtime.read(buildingsForLeader(actorOf(req), worksiteId ?? "").pipe(Effect.map((list) =>
      list.map(({ building, manager }) => buildingView(building, manager && { realname: manager.realname, phoneMain: manager.phoneMain, headimgBase64: manager.headimgBase64 })))))))

  r.get("/api/building/findManager/:phone", handle(FindManager, ({ phone }, req) => runtime.read(findManager(actorOf(req), phone ?? ""))))

  r.put("/api/building/setExpressMaster/:buildingId/:userId", idempotent(runtime.db), handle(SetManager, ({ buildingId, userId }, req) =>
    runtime.run(setBuildingManager(actorOf(req), buildingId ?? "", userId ?? "").pipe(Effect.map((s) => s.manager))), () => ({ message: "设置成功" })))

  r.delete("/api/building/delExpressMaster/:buildingId", handle(DelManager, ({ buildingId }, req) =>
    runtime.run(removeBuildingManager(actorOf(req), buildingId ?? "").pipe(Effect.asVoid)), () => ({ message: "删除成功" })))

  r.get("/api/building/status/paotui", handle(BuildingStatus, (_, req) =>
    runtime.read(buildingStatus(actorOf(req)).pipe(Effect.map((rows) => rows.map(({ buildingId, ...c }) => ({ _id: buildingId, ...c })))))))

  r.get("/api/area/getById/:id", handle(AreaById, ({ id }) =>
    runtime.read(areaById(id ?? "").pipe(Effect.map(({ site, areas, buildingCount }) => ({
      _id: site.id, name: site.fullName, shortName: site.shortName, schoolCampus: site.schoolCampus, areas, buildingCount
    }))))))

  // --- a runner's day ---
  r.get("/api/paotuiOrder/getListForDownload", handle(DayOrders, (_, req) =>
    runtime.read(todayOrders(actorOf(req)).pipe(Effect.map(({ runner, lines, linkExpiresAt }) => ({
      userId: runner.id, columns: [...EXPORT_COLUMNS], rows: lines.map((l) => [...exportRow(l)]),
      exportUrl: exportLinks(runtime).sign(exportPath(runner.id), linkExpiresAt), expiresAt: linkExpiresAt
    }))))))

  r.get("/api/paotuiOrder/recruit", handle(RecruitCard, (_, req) =>
    runtime.read(recruitCard(actorOf(req)).pipe(Effect.map(({ me, leader, invitation }) => ({
      worksiteId: me.worksiteId, leaderName: leader ? memberName(leader) : null, invitation
    }))))))

  return r
}

/**
 * `GET /api/paotuiOrder/exportExcel/{userId}?expires&sig`: no session (it is opened on a computer); only a
 * link this server signed for that user, before it expires, downloads the .xlsx.
 */
export const errandExportRoutes = (runtime: Runtime) => {
  const r = Router()
  r.get("/api/paotuiOrder/exportExcel/:userId", async (req, res) => {
    const userId = req.params.userId
    const now = await runtime.read(Effect.gen(function* () { return yield* (yield* Clock).now }))
    if (Exit.isFailure(now)) return sendExit(res, now, () => ({}))
    const verdict = exportLinks(runtime).check(exportPath(userId), req.query.expires, req.query.sig, now.value)
    if (verdict === "bad") return sendFailure(res, 403, dayMessages.exportFailed)
    if (verdict === "expired") return sendFailure(res, 410, dayMessages.linkExpired)
    const exit = await runtime.read(todaySheet(userId))
    if (Exit.isFailure(exit)) return sendExit(res, exit, () => ({}))
    const [header, ...rows] = exit.value.rows
    const file = await toXlsx({ header: header ?? [], rows }, "跑腿单")
    const name = `跑腿单-${shanghaiDate(exit.value.now)}.xlsx`
    res.setHeader("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    res.setHeader("Content-Disposition", `attachment; filename="paotui.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    res.setHeader("Cache-Control", "no-store")
    res.end(file)
  })
  return r
}
