/** Station staff calls: carriers, weight types, receiver lookup, check-in, the QR check and pickup. */
import { Router } from "express"
import { messages as checkInMessages } from "../../../src/parcel/check-in"
import { statusStr } from "../../../src/parcel/parcel"
import { Catalogue } from "../../../src/parcel/parcel-store"
import { checkIn, checkQr, parcelForReceiver, receiverParcels, receiversByLast4, takePart } from "../../../src/parcel/use-cases"
import { formatTag } from "../../../src/parcel/storage-code"
import type { ParcelRecord } from "../../../src/parcel/parcel-store"
import type { Runtime } from "../../runtime"
import { idempotent } from "../idempotency"
import { actorOf, looseString, looseStrings, pageNo, sendExit, sendFailure } from "../outcome"

const MAX_FIELD_LENGTH = 128

const parcelView = (p: ParcelRecord) => ({
  _id: p.id, status: p.status, statusStr: statusStr(p.status), expressNo: p.expressNo,
  expressCompany: { _id: p.expressCompanyId, name: p.expressCompanyName }, storageNo: p.storageNo, tag: p.tag ? formatTag(p.tag) : "-",
  receiver: p.receiver, receiverPhone: p.receiverPhone, receiverOpenid: p.receiverOpenid, weight: p.weightId,
  worksite: p.worksiteId, createdAt: p.createdAt
})

export const stationRoutes = (runtime: Runtime) => {
  const r = Router()

  r.get("/api/expressCompany/list", async (req, res) => {
    const raw = req.query._id
    const ids = raw === undefined ? undefined : (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(",")).map((s) => s.trim()).filter(Boolean)
    sendExit(res, await runtime.read(Catalogue.use((c) => c.expressCompanies(ids))), (data) => ({ data }))
  })

  r.get("/api/dict/detail/:dict", async (req, res) => {
    sendExit(res, await runtime.read(Catalogue.use((c) => c.dictValues(req.params.dict))), (values) => ({ data: { values } }))
  })

  r.get("/api/user/list/:worksiteId/:last4", async (req, res) => {
    const exit = await runtime.read(receiversByLast4(actorOf(req), req.params.worksiteId, req.params.last4))
    sendExit(res, exit, (people) => ({
      data: people.map((p) => ({ _id: p.id, phoneMain: p.phoneMain, phoneVice: p.phoneVice, realname: p.realname, nickname: p.nickname, openid: p.openid, subscribe: p.subscribe })),
      message: people.length ? undefined : checkInMessages.noMatch
    }))
  })

  r.post("/api/expressTosend", idempotent(runtime.db), async (req, res) => {
    const input = looseStrings(req.body, ["worksite", "expressCompany", "storageNo", "expressNo", "weight", "receiver", "receiverId", "receiverPhone"] as const)
    // scanned codes, names and ids are short; a longer value is junk (and would overflow the express-number index)
    if (Object.values(input).some((v) => v.length > MAX_FIELD_LENGTH)) return sendFailure(res, 400, "请求不正确")
    sendExit(res, await runtime.run(checkIn(actorOf(req), input)), ({ code }) => ({ status: 201, data: code, message: `${code} ${checkInMessages.completed}` }))
  })

  r.get("/api/expressTosend/checkqr", async (req, res) => {
    const q = req.query as Record<string, unknown>
    const qr = typeof q.qr === "string" ? safeJson(q.qr) : { ...q, ts: Number(looseString(q.ts)) }
    sendExit(res, await runtime.read(checkQr(actorOf(req), qr)), (c) => ({
      data: {
        statusStr: c.statusStr, canTakeaway: c.canTakeaway, safekeepFee: c.safekeepFee,
        expressCompany: c.parcel.expressCompanyName, expressNo: c.parcel.expressNo, storageNo: c.parcel.storageNo,
        tag: formatTag(c.parcel.tag), receiver: c.parcel.receiver, receiverPhone: c.parcel.receiverPhone,
        signOpenid: c.role === "receiver" ? c.parcel.receiverOpenid : c.role === "agent" ? c.parcel.agentOpenid : c.parcel.paotuiOpenid,
        isPaotui: c.role === "runner"
      }
    }))
  })

  r.put("/api/expressTosend/takepart", idempotent(runtime.db), async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>
    const input = { ...looseStrings(body, ["worksiteCode", "expressNo", "storageNo", "signOpenid", "tag"] as const), isPaotui: body.isPaotui === true || body.isPaotui === "true" }
    sendExit(res, await runtime.run(takePart(actorOf(req), input)), () => ({ message: "确认取件成功" }))
  })

  r.get("/api/expressTosend/getById/:id", async (req, res) => {
    sendExit(res, await runtime.read(parcelForReceiver(actorOf(req), req.params.id)), (v) => ({
      data: { ...parcelView(v.parcel), safekeepFee: v.safekeepFee, safekeepNeedPay: v.safekeepFee > 0, qrContent: v.content, qrimgBase64: v.qrimgBase64 }
    }))
  })

  r.get("/api/expressTosend/pagingForFontend", async (req, res) => {
    const exit = await runtime.read(receiverParcels(actorOf(req), looseString(req.query.statusStr) ?? "ing", pageNo(req.query.pageNo)))
    sendExit(res, exit, (page) => ({ data: { ...page, results: page.results.map(parcelView) } }))
  })

  return r
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
