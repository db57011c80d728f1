/**
 * The sending calls (src/sending/calls.ts): booking and its setup, the sender's lists and close, the freight
 * quote, the price table and the entry, the order's detail (QR, timeline), the freight prepay, the outbound staff scan and sender lookup, the electronic waybill
 * (and its PDF), and the dispatch counts and scan-out.
 */
import { Effect, Exit } from "effect"
import { Router } from "express"
import { maskIdCardNo } from "#src/profile/profile"
import {
  Book, CloseSending, ElecWaybill, FreightQuote, PayFreight, ScanSending, SendById, SendByOrderNo, SendCompanies, SendingSetup, SendList, SendOut,
  ToScan, ToScanAll, UpdateFreight, UpdateFreightDaofu, UserInfoByOpenid, SendByPaotui, SendDetail, PriceTable
} from "#src/sending/calls"
import { messages as dispatchMessages } from "#src/sending/dispatch"
import {
  book, closeSending, freightQuote, payFreight, present, presentAll, printWaybill, scanSending, senderInfo, sendCompanies, sendingById, sendingByOrderNo, sendingSetup,
  sendList, sendOut, setFreight, toScan, toScanAll, waybillPdf, sendingByErrand, sendingDetail, priceTableOf
} from "#src/sending/use-cases"
import type { Runtime } from "../../runtime"
import { handle, handleSaying } from "../handle"
import { idempotent } from "../idempotency"
import { actorOf, sendExit } from "../outcome"

const presented = <E, R>(e: Effect.Effect<Parameters<typeof present>[0], E, R>) => e.pipe(Effect.flatMap(present))
/** A change's order presented, with the message the status table gave the change. */
const presentedSaying = <E, R>(e: Effect.Effect<{ readonly order: Parameters<typeof present>[0]; readonly message: string | undefined }, E, R>) =>
  e.pipe(Effect.flatMap(({ order, message }) => present(order).pipe(Effect.map((answer) => ({ answer, message })))))
const presentedAll = <E, R>(e: Effect.Effect<ReadonlyArray<Parameters<typeof present>[0]>, E, R>) => e.pipe(Effect.flatMap(presentAll))

export const sendingRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/expressTakein/setup", handle(SendingSetup, ({ token }, req) => runtime.read(sendingSetup(actorOf(req), token ?? ""))))
  r.get("/api/expressTakein/expressSendCompanies/:worksiteId", handle(SendCompanies, ({ worksiteId }) => runtime.read(sendCompanies(worksiteId ?? ""))))

  r.post("/api/expressTakein", idempotent(runtime.db), handle(Book, (input, req) => runtime.run(presented(book(actorOf(req), input))),
    () => ({ message: "提交成功" })))

  r.get("/api/expressTakein/wxlist/:status", handle(SendList, ({ status }, req) => runtime.read(presentedAll(sendList(actorOf(req), status ?? "")))))
  r.get("/api/expressTakein/getById/:bizId", handle(SendById, ({ bizId }, req) => runtime.read(presented(sendingById(actorOf(req), bizId ?? "")))))
  r.get("/api/expressTakein/getByOrderNo/:no", handle(SendByOrderNo, ({ no }, req) => runtime.read(presented(sendingByOrderNo(actorOf(req), no ?? "")))))
  r.get("/api/expressTakein/detail/:id", handle(SendDetail, ({ id }, req) =>
    runtime.read(sendingDetail(actorOf(req), id ?? "").pipe(Effect.flatMap((d) => present(d.order).pipe(Effect.map((order) => ({ ...d, order }))))))))
  r.get("/api/expressTakein/getByPaotuiId/:paotuiId", handle(SendByPaotui, ({ paotuiId }, req) =>
    runtime.read(presented(sendingByErrand(actorOf(req), paotuiId ?? "")))))

  r.get("/api/expressTakein/toScan/:worksiteId/:companyId", handle(ToScan, ({ worksiteId, companyId }, req) =>
    runtime.read(toScan(actorOf(req), worksiteId ?? "", companyId ?? ""))))
  r.get("/api/expressTakein/toScanAll/:worksiteId", handle(ToScanAll, ({ worksiteId }, req) => runtime.read(toScanAll(actorOf(req), worksiteId ?? ""))))
  r.put("/api/expressTakein/sendOut/:worksiteId/:code", idempotent(runtime.db), handle(SendOut, ({ worksiteId, code }, req) =>
    runtime.run(sendOut(actorOf(req), worksiteId ?? "", code ?? "").pipe(Effect.flatMap(({ order }) => present(order)))),
  () => ({ message: dispatchMessages.sentOut })))

  r.get("/api/expressTakein/scan/:worksiteId/:code", handle(ScanSending, ({ worksiteId, code }, req) =>
    runtime.read(presented(scanSending(actorOf(req), worksiteId, code ?? "")))))

  const freightSet = (input: Parameters<typeof setFreight>[1], actor: ReturnType<typeof actorOf>) =>
    runtime.run(presentedSaying(setFreight(actor, input)))
  r.put("/api/expressTakein/freight/updateFreight", idempotent(runtime.db), handleSaying(UpdateFreight, (input, req) => freightSet(input, actorOf(req))))
  r.put("/api/expressTakein/freight/updateFreightDaofu", idempotent(runtime.db), handleSaying(UpdateFreightDaofu, (input, req) =>
    freightSet({ ...input, isDaofu: true }, actorOf(req))))

  r.get("/api/expressTakein/payFreight/:id", handle(PayFreight, ({ id }, req) => runtime.run(payFreight(actorOf(req), id ?? ""))))

  r.get("/api/expressFreight/prices", handle(PriceTable, (_, req) => runtime.read(priceTableOf(actorOf(req)))))
  r.get("/api/expressFreight/freight", handle(FreightQuote, (input, req) => {
    void actorOf(req)
    return runtime.read(freightQuote(input))
  }))

  r.get("/api/user/userInfoByOpenid/:openid", handle(UserInfoByOpenid, ({ openid }, req) =>
    runtime.read(senderInfo(actorOf(req), openid ?? "").pipe(Effect.map((p) => ({
      _id: p.id, openid: p.openid, nickname: p.nickname, realname: p.realname, phoneMain: p.phoneMain, idCardNo: maskIdCardNo(p.idCardNo),
      idCardUrl: p.idCardUrl, studentCardUrl: p.studentCardUrl, authStatus: p.authStatus, rejectComment: p.rejectComment
    }))))))

  r.post("/api/common/getElecWaybill", idempotent(runtime.db), handle(ElecWaybill, (input, req) => runtime.run(printWaybill(actorOf(req), input))))

  r.get("/api/common/elecWaybill/:file", async (req, res) => {
    const orderNo = String(req.params.file ?? "").replace(/\.pdf$/, "")
    const exit = await runtime.read(waybillPdf(actorOf(req), orderNo))
    if (Exit.isSuccess(exit)) {
      res.setHeader("Content-Type", "application/pdf")
      res.setHeader("Content-Disposition", `inline; filename="${orderNo.replace(/[^A-Za-z0-9_-]/g, "_")}.pdf"`)
      return res.send(Buffer.from(exit.value))
    }
    return sendExit(res, exit, () => ({}))
  })

  r.delete("/api/expressTakein/:id", idempotent(runtime.db), handleSaying(CloseSending, ({ id }, req) =>
    runtime.run(presentedSaying(closeSending(actorOf(req), id ?? "")))))

  return r
}
