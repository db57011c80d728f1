import { Exit, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { OrderDetail, OrderById, PlaceErrand, RunnerCancel, TransferBatch, errandOrderDetailView, errandOrderView } from "./calls"
import type { ErrandOrderRecord } from "./errand-store"

describe("errand calls", () => {
  it("read no fee off the wire: the server prices the order", () => {
    const decoded = Schema.decodeUnknownSync(PlaceErrand.request)({ type: "1", toTakeId: "p1", goodsType: 2, dormFloor: "-1", fee: 1, payFee: 0, friendReceives: "0", remark: "字".repeat(51) })
    expect(decoded).toEqual({ type: 1, toTakeId: "p1", goodsType: 2, dormFloor: -1, friendReceives: false, remark: "字".repeat(51) })
    expect("fee" in decoded || "payFee" in decoded).toBe(false)
  })

  it("read a reason of any sensible length so the core answers with the spec's words, and a batch as a list", () => {
    expect(Schema.decodeUnknownSync(RunnerCancel.request)({ orderNo: "P1", paotuiType: "1", reasonType: "1", reason: "有事" })).toEqual({ orderNo: "P1", paotuiType: "1", reasonType: 1, reason: "有事" })
    expect(Exit.isFailure(Schema.decodeUnknownExit(RunnerCancel.request)({ reason: "x".repeat(513) }))).toBe(true)
    expect(Schema.decodeUnknownSync(TransferBatch.request)({ paotuiIds: "a,b", acceptOpenid: "o2" })).toEqual({ paotuiIds: ["a", "b"], acceptOpenid: "o2" })
  })

  it("show an order with its runner and its status word per type", () => {
    const order: ErrandOrderRecord = {
      id: "e1", orderNo: "P1", type: 2, status: 3, openid: "req", worksiteId: "w1", accept: { openid: "r1", name: "小跑", phone: "13800000001" }, payFee: 400,
      paid: 400, refunded: 0, runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: new Date(0), requireArriveTime: new Date(1), toComment: false,
      sexLimit: -1, goodsClass: 1, specialGoodId: null, buildingId: "b1", floor: 3, dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null, remark: "",
      toTakeId: null, fee: 500, activityId: "a1", prepayId: null, acceptedAt: null, finishedAt: null
    }
    const view = errandOrderView(order)
    expect([view.statusStr, view.acceptUser, view.acceptUserPhone, view.fee, view.payFee]).toEqual(["待计算运费", "小跑", "13800000001", 500, 400])
  })

  it("getById carries the prepay id (spec 001 §7) to the requester only; the answer keeps it on the wire", () => {
    const order: ErrandOrderRecord = {
      id: "e2", orderNo: "P2", type: 1, status: -1, openid: "req", worksiteId: "w1", accept: null, payFee: 400, paid: 0, refunded: 0, runnerIncome: 0,
      freight: null, freightPaid: 0, goodsPic: null, createdAt: new Date(0), requireArriveTime: new Date(1), toComment: false, sexLimit: -1, goodsClass: 1,
      specialGoodId: null, buildingId: "b1", floor: 3, dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null, remark: "", toTakeId: "p1", fee: 500,
      activityId: null, prepayId: "wx-prepay-1", acceptedAt: null, finishedAt: null
    }
    const mine = errandOrderDetailView(order, errandOrderView(order), { openid: "req" })
    expect(mine).toEqual({ ...errandOrderView(order), prepayId: "wx-prepay-1" })
    for (const openid of ["r1", "leader", ""]) expect(errandOrderDetailView(order, errandOrderView(order), { openid }).prepayId).toBeNull()
    expect(errandOrderDetailView({ ...order, prepayId: null }, errandOrderView(order), { openid: "req" }).prepayId).toBeNull()
    const wire = Schema.encodeSync(OrderDetail.answer)(mine)
    expect(wire).toMatchObject({ _id: "e2", prepayId: "wx-prepay-1" })
    expect(Schema.decodeUnknownSync(OrderDetail.answer)(wire)).toEqual(mine)
    // the other one-order calls answer without it
    expect("prepayId" in Schema.encodeSync(OrderById.answer)(errandOrderView(order))).toBe(false)
  })
})
