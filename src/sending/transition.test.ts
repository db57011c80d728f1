/**
 * One send-order transition (transition.ts) and the freight settlement (settlement.ts) against the in-memory
 * doubles: the order's view with its carrier and errand, who is told of a step, the dispatch count's event, the
 * conditional write (moved meanwhile → nothing done), a door pickup's errand taking the matching edge in the same
 * transaction (its actor, its money; an errand elsewhere fails the whole step), and a paid freight notice settling
 * 20 → 4 once.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { ErrandStatus } from "../errand/status-machine"
import { refused } from "../shared/ports.testkit"
import { contact, sendEvents, sendingWorld, sendRecord, T0 } from "./send-store.testkit"
import type { SendRecord } from "./send-store"
import { freightPaid } from "./settlement"
import { messages, SendStatus, type SendAction } from "./status-machine"
import { SEND_STATUS_TEMPLATE } from "./status-notice"
import { movedOnRefusal, present, presentAll, transition, transitionUnlessMovedOn } from "./transition"

const staff = { role: "staff", worksiteId: "w1" } as const
const asSender = { role: "sender", userId: "u-s" } as const

const contactView = (name: string, province = "44") => {
  const { name: _, ...rest } = contact(name, province)
  return { name, ...rest }
}

describe("the order's view", () => {
  const plainView = {
    _id: "s1", orderNo: "JJ20261120120000ABCDEF", status: 10, statusStr: "待计算运费", worksiteId: "w1", openid: "o-s",
    expressCompany: { _id: "sf", name: "顺丰", code: "SF" }, sender: contactView("寄件人"), receiver: contactView("收件人", "31"), goodsName: "书籍",
    goodsCount: 1, estimateWeight: null, insureMoney: 50_000, insureFreight: 250, isDaofu: false, freight: null, freightPay: false, freightWeight: null,
    expressNo: null, remark: "", requiredDoorService: false, paotuiRemark: "", goodsType: null, largeCategory: null, dormBuilding: null, dormFloor: null,
    dormRoom: null, requireArriveTime: null, sexLimit: -1, goodsPic: null, paotui: null, createdAt: T0
  }

  it("a plain sending: its carrier by the worksite's settings, no errand, the door-pickup fields empty", async () => {
    const w = sendingWorld()
    expect(await w.run(present(sendRecord()))).toEqual({ ok: true, value: plainView })
    const paid = sendRecord({ status: SendStatus.awaitingOutOfStock, freight: 1200, freightWeight: 1500, freightPaid: true, expressNo: "SF1", goodsPic: "/p.jpg", remark: "r" })
    expect(await w.run(present(paid))).toEqual({
      ok: true,
      value: { ...plainView, status: 5, statusStr: "待出库", freight: 1200, freightWeight: 1500, freightPay: true, expressNo: "SF1", goodsPic: "/p.jpg", remark: "r" }
    })
  })

  it("no carrier shown without one, with one the worksite does not list, or at a worksite without settings", async () => {
    const w = sendingWorld()
    const orders = [sendRecord({ companyId: null }), sendRecord({ id: "s2", companyId: "zto", worksiteId: "w2" }), sendRecord({ id: "s3", worksiteId: "w3" }),
      sendRecord({ id: "s4", companyId: "zto" })]
    const answer = await w.run(presentAll(orders))
    expect(answer.ok ? answer.value.map((v) => [v._id, v.expressCompany]) : answer).toEqual([
      ["s1", null], ["s2", null], ["s3", null], ["s4", { _id: "zto", name: "中通", code: "ZTO" }]
    ])
  })

  it("a door pickup: its booking and its errand with the runner who took it", async () => {
    const w = sendingWorld()
    const { order } = w.doorPickup(SendStatus.accepted, ErrandStatus.accepted)
    expect(await w.run(present(order))).toEqual({
      ok: true,
      value: {
        ...plainView, status: 2, statusStr: "已接单", requiredDoorService: true, paotuiRemark: "门口", goodsType: 1, largeCategory: null, dormBuilding: "b1",
        dormFloor: 3, dormRoom: "305", requireArriveTime: order.pickup!.requireArriveTime, sexLimit: -1,
        paotui: { _id: "e1", orderNo: "PT20261120120000ERRAND", status: 1, fee: 300, isPayed: true, acceptUser: "跑腿甲", acceptUserPhone: "13700000000" }
      }
    })
    const unpaid = sendingWorld()
    const waiting = unpaid.doorPickup(SendStatus.pendingPayment, ErrandStatus.awaitingPayment, { pickup: { ...order.pickup!, largeCategory: "sp-1", goodsType: 3, sexLimit: 2 } })
    expect(await unpaid.run(present(waiting.order))).toMatchObject({
      ok: true, value: { goodsType: 3, largeCategory: "sp-1", sexLimit: 2, paotui: { status: -1, isPayed: false, acceptUser: null, acceptUserPhone: null } }
    })
  })
})

describe("one transition", () => {
  it("the core's step written, the sender and the worksite told, its message answered", async () => {
    const w = sendingWorld()
    const order = sendRecord()
    w.put(order)
    const set = { ...order, status: SendStatus.awaitingFreightPayment, freight: 900, freightWeight: 1000 }
    expect(await w.run(transition(order, staff, { type: "setFreight", companyId: "sf", freight: 900, freightWeight: 1000 }, T0)))
      .toEqual({ ok: true, value: { order: set, message: "计费成功待支付" } })
    expect(w.order()).toEqual(set)
    expect(w.ports.events).toEqual(sendEvents(set, ["freightUpdated", "freightUpdate"]))
  })

  it("tells the sender each step they did not take by template message (寄件订单状态), unless they turned it off", async () => {
    const w = sendingWorld()
    const order = sendRecord()
    w.put(order)
    const set = await w.run(transition(order, staff, { type: "setFreight", companyId: "sf", freight: 900, freightWeight: 1000 }, T0))
    const paid = set.ok ? await w.run(transition(set.value.order, asSender, { type: "payFreight" }, T0)) : set
    const printed = paid.ok ? await w.run(transition(paid.value.order, staff, { type: "assignNumber", expressNo: "SF100" }, T0)) : paid
    const out = printed.ok ? await w.run(transition(printed.value.order, staff, { type: "sendOut" }, T0)) : printed
    expect(out.ok).toBe(true)
    expect(w.ports.outbox).toEqual([
      { channel: "template", to: "o-s", template: SEND_STATUS_TEMPLATE, params: { orderNo: order.orderNo, status: "待支付运费", remark: "运费已算好，共 ¥11.50，请尽快支付" } },
      { channel: "template", to: "o-s", template: SEND_STATUS_TEMPLATE, params: { orderNo: order.orderNo, status: "待出库", remark: "面单已打印，运单号 SF100，等待出库" } },
      { channel: "template", to: "o-s", template: SEND_STATUS_TEMPLATE, params: { orderNo: order.orderNo, status: "已出库", remark: "已交给快递公司，运单号 SF100" } }
    ])

    const quiet = sendingWorld()
    quiet.notices.state.set("u-s", new Set(["sendStatus"]))
    quiet.put(order)
    expect((await quiet.run(transition(order, staff, { type: "setFreightDaofu", companyId: "sf" }, T0))).ok).toBe(true)
    expect(quiet.order()?.status).toBe(SendStatus.awaitingNumber)
    expect(quiet.ports.outbox).toEqual([])
    const told = sendingWorld()
    told.put(order)
    await told.run(transition(order, staff, { type: "setFreightDaofu", companyId: "sf" }, T0))
    expect(told.ports.outbox.map((m) => m.params.remark)).toEqual(["运费到付，等待打印面单"])
  })

  it("the patch is written with the step; a step without a message answers none", async () => {
    const w = sendingWorld()
    const order = sendRecord({ status: SendStatus.awaitingOutOfStock, freightPaid: true, expressNo: "SF1" })
    w.put(order)
    const at = new Date(T0.getTime() + 1000)
    const answer = await w.run(transitionUnlessMovedOn(order, staff, { type: "sendOut" }, T0, { sentAt: at }))
    expect(answer).toEqual({ ok: true, value: { order: { ...order, status: SendStatus.outOfStock, sentAt: at }, message: undefined } })
    expect(w.order()?.sentAt).toEqual(at)
  })

  it("the core's refusal as it is, nothing written", async () => {
    const w = sendingWorld()
    const order = sendRecord()
    w.put(order)
    expect(await w.run(transition(order, asSender, { type: "sendOut" }, T0))).toMatchObject(refused("NotAllowed", messages.actionFailed))
    expect(await w.run(transition(order, { role: "staff", worksiteId: "w2" }, { type: "setFreightDaofu", companyId: "sf" }, T0)))
      .toMatchObject(refused("NotAllowed", messages.notYourWorksite))
    expect(await w.run(transitionUnlessMovedOn(order, asSender, { type: "payFreight" }, T0))).toMatchObject(refused("StateConflict", messages.actionFailed))
    expect([w.order(), w.ports.events]).toEqual([order, []])
  })

  it("moved meanwhile: undefined and nothing done (unless moved on); the action's own refusal (transition)", async () => {
    const w = sendingWorld()
    const read = sendRecord({ status: SendStatus.awaitingFreightPayment, freight: 1200 })
    const moved = { ...read, status: SendStatus.awaitingNumber, freightPaid: true }
    w.put(moved)
    expect(await w.run(transitionUnlessMovedOn(read, asSender, { type: "payFreight" }, T0))).toEqual({ ok: true, value: undefined })
    expect(await w.run(transition(read, asSender, { type: "close" }, T0))).toMatchObject(refused("StateConflict", messages.closeFailed))
    expect(await w.run(transition(read, asSender, { type: "payFreight" }, T0))).toMatchObject(refused("StateConflict", messages.actionFailed))
    expect([w.order(), w.ports.events]).toEqual([moved, []])
  })

  it("the freight is set once: a row that got its freight meanwhile is not written, even at the same status", async () => {
    const w = sendingWorld()
    const read = sendRecord()
    w.put({ ...read, freight: 500 })
    expect(await w.run(transitionUnlessMovedOn(read, staff, { type: "setFreight", companyId: "sf", freight: 900, freightWeight: 1000 }, T0))).toEqual({ ok: true, value: undefined })
    w.put({ ...read, freightPaid: true })
    expect(await w.run(transition(read, staff, { type: "setFreightDaofu", companyId: "sf" }, T0))).toMatchObject(refused("StateConflict", messages.freightUpdateFailed))
    expect(w.order()).toEqual({ ...read, freightPaid: true })
  })

  it("the moved-meanwhile refusal has the words of the action's refusal", () => {
    const words: ReadonlyArray<readonly [SendAction["type"], string]> = [
      ["setFreight", "更新运费失败"], ["setFreightDaofu", "更新运费失败"], ["sendOut", "寄件出库失败"], ["close", "关闭失败"], ["payFreight", "操作失败"],
      ["assignNumber", "操作失败"]
    ]
    for (const [action, message] of words) expect(movedOnRefusal(action)).toMatchObject({ _tag: "StateConflict", status: 409, message })
  })

  it("the dispatch count hears an order entering or leaving 5, of its carrier; not without a carrier", async () => {
    const w = sendingWorld()
    const order = sendRecord({ status: SendStatus.awaitingNumber, freightPaid: true, companyId: "zto" })
    w.put(order)
    await w.run(transition(order, staff, { type: "assignNumber", expressNo: "ZTO1" }, T0))
    expect(w.ports.events.at(-1)).toEqual({ room: { worksite: "w1" }, name: "w1-zto-toScan", payload: { delta: 1 } })

    const none = sendingWorld()
    const noCarrier = { ...order, companyId: null }
    none.put(noCarrier)
    await none.run(transition(noCarrier, staff, { type: "assignNumber", expressNo: "X1" }, T0))
    expect(none.ports.events).toEqual(sendEvents({ ...noCarrier, status: SendStatus.awaitingOutOfStock, expressNo: "X1" }, ["expressTakeinArrived"]))
  })
})

describe("a door pickup's step", () => {
  it("its errand takes the matching edge as the staff member: 5 → 100 completes it and pays the runner", async () => {
    const w = sendingWorld()
    const { order } = w.doorPickup(SendStatus.awaitingOutOfStock, ErrandStatus.awaitingWarehouseOut, { isDaofu: true, expressNo: "SF1" })
    expect(await w.run(transition(order, staff, { type: "sendOut" }, T0))).toMatchObject({ ok: true, value: { order: { status: SendStatus.outOfStock } } })
    expect(w.errand()).toMatchObject({ status: ErrandStatus.completed, runnerIncome: 300 })
    expect(w.wallet.money.get("u-r")).toBe(300)
  })

  it("its errand's step is dated by the time the step is given, not by a later clock reading (a replay dates it so)", async () => {
    const w = sendingWorld()
    const { order } = w.doorPickup(SendStatus.awaitingOutOfStock, ErrandStatus.awaitingWarehouseOut, { isDaofu: true, expressNo: "SF1" })
    const at = new Date(T0.getTime() - 60_000)
    expect((await w.run(transition(order, staff, { type: "sendOut" }, at))).ok).toBe(true)
    expect(w.errand()?.finishedAt).toEqual(at)
  })

  it("as the runner who holds it (the send order's runner): the errand's freight set by its runner", async () => {
    const w = sendingWorld()
    const { order } = w.doorPickup(SendStatus.awaitingFreight, ErrandStatus.delivered)
    expect(await w.run(transition(order, { role: "runner", userId: "u-r" }, { type: "setFreight", companyId: "sf", freight: 800, freightWeight: 900 }, T0)))
      .toMatchObject({ ok: true })
    expect(w.errand()).toMatchObject({ status: ErrandStatus.awaitingFreightPayment, freight: 800 })
    expect(w.ports.events).toEqual(sendEvents(w.order()!, ["freightUpdated", "freightUpdate"], "u-r"))
  })

  it("without its errand: the action's refusal, or '操作失败' where it has none; nothing kept", async () => {
    const w = sendingWorld()
    const { order } = w.doorPickup(SendStatus.awaitingNumber, ErrandStatus.freightPaid, { freightPaid: true })
    w.errands.orders.clear()
    expect(await w.run(transition(order, staff, { type: "assignNumber", expressNo: "SF1" }, T0))).toMatchObject(refused("StateConflict", messages.actionFailed))
    const freight = { ...order, status: SendStatus.awaitingFreight, freightPaid: false }
    w.put(freight)
    expect(await w.run(transition(freight, staff, { type: "setFreightDaofu", companyId: "sf" }, T0))).toMatchObject(refused("StateConflict", messages.freightUpdateFailed))
    expect([w.order(), w.ports.events]).toEqual([freight, []])
  })

  it("moved meanwhile: nothing done, its errand not moved either", async () => {
    const w = sendingWorld()
    const { order, errand } = w.doorPickup(SendStatus.awaitingNumber, ErrandStatus.freightPaid, { freightPaid: true })
    w.race(() => w.put({ ...order, status: SendStatus.awaitingOutOfStock, expressNo: "SF-RIVAL" }))
    expect(await w.run(transitionUnlessMovedOn(order, staff, { type: "assignNumber", expressNo: "SF1" }, T0))).toEqual({ ok: true, value: undefined })
    expect([w.errand(), w.ports.events]).toEqual([errand, []])
  })
})

describe("the freight settlement", () => {
  const due = sendRecord({ status: SendStatus.awaitingFreightPayment, freight: 1200, freightWeight: 1500 })
  const paidAt = new Date(T0.getTime() + 7_000)
  const trade = { refId: "s1", userId: "u-anyone", tradeNo: "P1", providerRef: "wx-1", paidAt }

  it("a paid freight moves the order 20 → 4 once, as its sender; the sender told; logged under the sender with the trade, at its paid time", async () => {
    const w = sendingWorld()
    w.put(due)
    const paid: SendRecord = { ...due, status: SendStatus.awaitingNumber, freightPaid: true }
    expect(await w.run(freightPaid(trade))).toEqual({ ok: true, value: { order: paid, message: undefined } })
    expect(w.order()).toEqual(paid)
    expect(w.ports.events).toEqual(sendEvents(paid, ["freightPaySuccess"]))
    expect(w.ports.ops).toEqual([{ op: "freightPaid", actorOpenid: "o-s", at: paidAt, input: { id: "s1", tradeNo: "P1", providerRef: "wx-1" }, outcome: { id: "s1", status: SendStatus.awaitingNumber } }])
    expect(await w.run(freightPaid(trade))).toEqual({ ok: true, value: undefined })
    expect([w.ports.events.length, w.ports.ops.length]).toEqual([2, 1])
  })

  it("an order gone, not awaiting payment, or settled by another notice meanwhile: left as it is", async () => {
    const w = sendingWorld()
    expect(await w.run(freightPaid(trade))).toEqual({ ok: true, value: undefined })
    w.put({ ...due, status: SendStatus.cancelled })
    expect(await w.run(freightPaid(trade))).toEqual({ ok: true, value: undefined })
    w.put(due)
    const settled = { ...due, status: SendStatus.awaitingNumber, freightPaid: true }
    w.race(() => w.put(settled))
    expect(await w.run(freightPaid(trade))).toEqual({ ok: true, value: undefined })
    expect([w.order(), w.ports.events, w.ports.ops]).toEqual([settled, [], []])
  })

  it("a door pickup's errand takes its payFreight edge as the requester: its freight paid, the runner told", async () => {
    const w = sendingWorld()
    const { order } = w.doorPickup(SendStatus.awaitingFreightPayment, ErrandStatus.awaitingFreightPayment, { freight: 1200 }, { freight: 1200 })
    expect(await w.run(freightPaid(trade))).toMatchObject({ ok: true, value: { order: { status: SendStatus.awaitingNumber, freightPaid: true } } })
    expect(w.errand()).toMatchObject({ status: ErrandStatus.freightPaid, freightPaid: 1200 })
    expect(w.ports.events).toEqual(sendEvents({ ...order, status: SendStatus.awaitingNumber, freightPaid: true }, ["freightPaySuccess"], "u-r"))
  })

  it("a door pickup whose errand is not at its matching step is a defect: the notice fails whole, nothing kept", async () => {
    const w = sendingWorld()
    const { order, errand } = w.doorPickup(SendStatus.awaitingFreightPayment, ErrandStatus.delivered, { freight: 1200 })
    await expect(w.run(freightPaid(trade))).rejects.toMatchObject({ message: expect.stringContaining("操作失败") })
    expect([w.order(), w.errand(), w.ports.events, w.ports.ops]).toEqual([order, errand, [], []])
  })
})

it("the world runs the use case as one transaction: a defect keeps nothing and fails the test", async () => {
  const w = sendingWorld()
  w.put(sendRecord())
  const write = Effect.sync(() => w.put(sendRecord({ status: SendStatus.cancelled })))
  await expect(w.run(write.pipe(Effect.andThen(Effect.die(new Error("boom")))))).rejects.toThrow("boom")
  expect(w.order()).toEqual(sendRecord())
})
