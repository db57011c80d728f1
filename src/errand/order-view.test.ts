import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import type { ErrandOrderRecord } from "./errand-store"
import { orderViewFor, viewerRole, type ViewerRole } from "./order-view"
import { errandTimeline } from "./timeline"

const order = (over: Partial<ErrandOrderRecord> = {}): ErrandOrderRecord => ({
  id: "e1", orderNo: "P1", type: 1, status: 1, openid: "req", worksiteId: "w1", accept: { openid: "run", name: "小跑", phone: "13700000002" }, payFee: 240,
  paid: 240, refunded: 0, runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: new Date(0), requireArriveTime: new Date(1), toComment: false,
  sexLimit: -1, goodsClass: 1, specialGoodId: null, buildingId: "b1", floor: 5, dormRoom: "501", proxyReceiver: "室友", proxyReceiverPhone: "13900000009",
  remark: "", toTakeId: "p1", fee: 300, activityId: null, prepayId: null, acceptedAt: new Date(60_000), finishedAt: null, ...over
})
const facts = { buildingName: "1号楼", station: "西园驿站", shelf: "A-3" }
const requester = { name: "张三", phone: "13800000001" }

describe("who sees who and where (issue 21 item 1)", () => {
  it("the accepted runner gets the requester's name, the phone masked and in full, the door and the shelf", () => {
    expect(orderViewFor(order(), "runner", facts, requester).contact).toEqual({
      name: "张三", phone: "13800000001", phoneMasked: "138****0001", building: "1号楼", floor: 5, room: "501", shelf: "A-3"
    })
  })

  test.prop([
    fc.string({ minLength: 1, maxLength: 6 }), fc.boolean(), fc.constantFrom("w1", "w2", null), fc.option(fc.constant({ openid: "run", name: "小跑", phone: "13700000002" }), { nil: null })
  ])("anyone but the requester and the accepted runner gets no contact, openid, phone, friend or name; only a leader of the worksite the door of an order under way", (openid, leads, leaderOf, accept) => {
    fc.pre(openid !== "req" && openid !== "run")
    const o = order({ accept, status: accept ? 1 : 0 })
    const role = viewerRole(o, { openid, leaderOf: leads ? leaderOf : null })
    expect(role === "leader" || role === "hall").toBe(true)
    const view = orderViewFor(o, role, facts, requester)
    const text = JSON.stringify(view)
    for (const secret of ["req", "13800000001", "138****0001", "13900000009", "室友", "张三"]) expect(text).not.toContain(`"${secret}"`)
    expect(view).toMatchObject({ contact: null, buildingName: "1号楼", station: "西园驿站" })
    expect(view.dormRoom).toBe(role === "leader" ? "501" : "")
    expect(role === "leader").toBe(leads && leaderOf === "w1" && accept !== null)
  })

  it("the roles: the requester, the runner holding it, a leader of its worksite, else the hall (an empty openid is nobody)", () => {
    const roles: Array<[string, string | null, ViewerRole]> = [["req", null, "requester"], ["run", null, "runner"], ["x", "w1", "leader"], ["x", "w2", "hall"], ["", null, "hall"]]
    for (const [openid, leaderOf, role] of roles) expect(viewerRole(order(), { openid, leaderOf })).toBe(role)
    // an order still in the hall: a leader sees it as every runner does
    expect(viewerRole(order({ status: 0, accept: null }), { openid: "x", leaderOf: "w1" })).toBe("hall")
    expect(viewerRole(order({ accept: null, openid: "" }), { openid: "" })).toBe("hall")
  })
})

describe("the errand timeline (issue 21 item 5)", () => {
  const at = (m: number) => new Date(m * 60_000)
  it("a delivered and rated order: each step with its time, the payment and the runner as notes", () => {
    const o = order({ status: 100, toComment: false, acceptedAt: at(2), finishedAt: at(30) })
    const steps = errandTimeline(o, [
      { action: "prepay", at: at(1) }, { action: "grab", at: at(2) }, { action: "takeaway", at: at(10) }, { action: "markDelivered", at: at(20) },
      { action: "confirmReceipt", at: at(30) }, { action: "rate", at: at(31) }
    ])
    expect(steps).toEqual([
      { label: "已下单", at: at(0) }, { label: "已支付", at: at(1), note: "¥2.40" }, { label: "已接单", at: at(2), note: "小跑" },
      { label: "已取件", at: at(10) }, { label: "已送达", at: at(20) }, { label: "已完成", at: at(30) }, { label: "已评价", at: at(31) }
    ])
  })

  it("an order in progress lists the steps to come without a time; one placed before the log falls back on its row and leaves out what it passed untimed", () => {
    const steps = errandTimeline(order({ acceptedAt: at(5) }), [])
    expect(steps.map((s) => [s.label, s.at?.getTime() ?? null])).toEqual([
      ["已下单", 0], ["已接单", 300_000], ["已取件", null], ["已送达", null], ["已完成", null], ["已评价", null]
    ])
    const unpaid = errandTimeline(order({ status: -1, accept: null, acceptedAt: null }), [])
    expect(unpaid.map((s) => [s.label, s.at?.getTime() ?? null])).toEqual([
      ["已下单", 0], ["已支付", null], ["已接单", null], ["已取件", null], ["已送达", null], ["已完成", null], ["已评价", null]
    ])
  })

  it("a cancelled order shows what it reached, the runner who gave it up, the cancel and the refund", () => {
    const o = order({ status: 4, accept: null, acceptedAt: null, refunded: 240, finishedAt: at(40) })
    const steps = errandTimeline(o, [
      { action: "prepay", at: at(1) }, { action: "grab", at: at(2) }, { action: "release", at: at(3) }, { action: "voidUnaccepted", at: at(40) }, { action: "refund", at: at(40) }
    ])
    expect(steps.map((s) => s.label)).toEqual(["已下单", "已支付", "已接单", "跑腿员取消接单", "已取消", "已退款"])
    expect(steps.at(-1)).toEqual({ label: "已退款", at: at(40), note: "¥2.40" })
  })

  it("a door pickup reads its own steps; an order with nothing to pay has no payment step", () => {
    const steps = errandTimeline(order({ type: 2, payFee: 0, paid: 0, status: 0, accept: null, acceptedAt: null }), [{ action: "release", at: at(3) }])
    expect(steps.map((s) => s.label)).toEqual(["已下单", "跑腿员取消接单", "已接单", "已交件", "跑腿已确认", "已付运费", "已到驿站", "已出库", "已评价"])
  })
})
