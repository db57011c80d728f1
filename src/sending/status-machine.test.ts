import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { doorPickupPairs, errandEdges } from "../errand/status-machine"
import { NotAllowed, StateConflict } from "../shared/errors"
import {
  decide, initialSendStatus, isSendListTab, nextSendStatus, sendListTabs, sendStatuses, sendTransitionNames,
  sendTransitions, type SendStatus as Status, type SendTransition
} from "./status-machine"
import { freight, order, sender, staff } from "./send-order.testkit"

/** §4 "Parcel to send status", written out edge by edge: a door pickup's steps before its freight are its errand's edges. */
const specEdges: ReadonlyArray<readonly [Status, Status]> = [
  [0, 1], [1, 2], [2, 1], [3, 1], [2, 3], [3, 10], [3, 4], [10, 20], [10, 4], [20, 4], [4, 5], [5, 100], [0, 400], [1, 400], [20, 400]
]
/** The send table's own edges, transition by transition. */
const tableEdges: ReadonlyArray<readonly [Status, SendTransition, Status]> = [
  [10, "setFreight", 20], [10, "setFreightDaofu", 4], [20, "payFreight", 4], [4, "assignNumber", 5], [5, "sendOut", 100],
  [0, "close", 400], [1, "close", 400], [20, "close", 400]
]

const status = fc.constantFrom(...sendStatuses)
const transition = fc.constantFrom(...sendTransitionNames)

describe("the send-order status table", () => {
  test.prop([status, transition])("only the listed edges can happen", (from, t) => {
    expect(nextSendStatus(from, t)).toBe(tableEdges.find(([f, e]) => f === from && e === t)?.[2])
  })

  it("with the door pickup's errand edges, holds exactly the spec's edges, each with the spec's live events", () => {
    const table = sendTransitionNames.flatMap((t) => sendTransitions[t].from.map((f) => String([f, t, sendTransitions[t].to])))
    expect(new Set(table)).toEqual(new Set(tableEdges.map(String)))
    const pickup = errandEdges.flatMap((e) => (e.send ? [String([e.send.from, e.send.to])] : []))
    const plain = tableEdges.map(([f, , t]) => String([f, t]))
    expect(new Set([...plain, ...pickup])).toEqual(new Set(specEdges.map(String)))
    expect(sendTransitions.setFreight.events).toEqual(["freightUpdated", "freightUpdate"])
    expect(sendTransitions.payFreight.events).toEqual(["freightPaySuccess"])
    expect(sendTransitions.setFreightDaofu.events).toEqual(["freightPaySuccessDaofu"])
    expect(sendTransitions.assignNumber.events).toEqual(["expressTakeinArrived"])
    expect(sendTransitions.sendOut.events).toEqual(["expressSended", "expressTakeinSended"])
    expect(errandEdges.filter((e) => e.send?.to === 1 && e.send.from !== 0).map((e) => e.live[0]?.name)).toEqual(["paotuiOrderCancelToWait", "paotuiOrderCancelToWait"])
  })

  it("out of stock and cancelled are final", () => {
    for (const t of sendTransitionNames) {
      expect(nextSendStatus(100, t)).toBeUndefined()
      expect(nextSendStatus(400, t)).toBeUndefined()
    }
  })

  it("maps the list tabs to statuses, every status in exactly one tab", () => {
    expect(sendListTabs.ing.title).toBe("待处理")
    expect(sendListTabs.complete).toEqual({ title: "已出库", statuses: [100] })
    expect(sendListTabs.cancel).toEqual({ title: "已取消", statuses: [400] })
    const all = Object.values(sendListTabs).flatMap((tab) => [...tab.statuses])
    expect([...all].sort((a, b) => a - b)).toEqual([...sendStatuses].sort((a, b) => a - b))
    expect(isSendListTab("ing")).toBe(true)
    expect(isSendListTab("toString")).toBe(false)
  })

  it("a plain sending starts awaiting freight, a door pickup awaiting its reward", () => {
    expect(initialSendStatus(false)).toBe(10)
    expect(initialSendStatus(true)).toBe(0)
  })
})


describe("deciding one action", () => {
  it("sets freight once: 10 → 20 with '计费成功待支付'; a second setting is refused", () => {
    const first = decide(order(), staff, freight)
    expect(first).toMatchObject({ order: { status: 20, freight: 1200, companyId: "sf" }, message: "计费成功待支付" })
    expect(decide(order({ freight: 800 }), staff, freight)).toEqual(new StateConflict({ message: "更新运费失败" }))
    expect(decide(order({ freightPaid: true }), staff, freight)).toEqual(new StateConflict({ message: "更新运费失败" }))
  })

  it("cash on delivery: 10 → 4 with '到付成功待打印', printable at once", () => {
    const d = decide(order(), staff, { type: "setFreightDaofu", companyId: "sf" })
    expect(d).toMatchObject({ order: { status: 4, isDaofu: true }, message: "到付成功待打印", events: ["freightPaySuccessDaofu"] })
    if ("order" in d) expect(decide(d.order, staff, { type: "assignNumber", expressNo: "SF1" })).toMatchObject({ order: { status: 5, expressNo: "SF1" } })
  })

  it("printing unpaid freight is refused with '寄件客户还没付运费'", () => {
    expect(decide(order({ status: 20, freight: 1200 }), staff, { type: "assignNumber", expressNo: "X" }))
      .toEqual(new StateConflict({ message: "寄件客户还没付运费" }))
  })

  it("closes at 0, 1 and 20 with no runner ('关闭成功'); with a runner or elsewhere '关闭失败'", () => {
    for (const s of [0, 1, 20] as const) expect(decide(order({ status: s }), sender, { type: "close" })).toMatchObject({ order: { status: 400 }, message: "关闭成功" })
    expect(decide(order({ status: 20, doorPickup: true, runnerId: "r" }), sender, { type: "close" })).toEqual(new StateConflict({ message: "关闭失败" }))
    expect(decide(order({ status: 10 }), sender, { type: "close" })).toEqual(new StateConflict({ message: "关闭失败" }))
  })

  it("refuses other people: another sender, another worksite's staff, a runner not on the order", () => {
    expect(decide(order({ status: 0 }), { role: "sender", userId: "x" }, { type: "close" })).toBeInstanceOf(NotAllowed)
    expect(decide(order(), { role: "staff", worksiteId: "v" }, freight)).toBeInstanceOf(NotAllowed)
    expect(decide(order({ status: 10, doorPickup: true, runnerId: "r" }), { role: "runner", userId: "q" }, freight)).toBeInstanceOf(NotAllowed)
    expect(decide(order({ status: 10, doorPickup: true, runnerId: "r" }), { role: "runner", userId: "s" }, freight)).toBeInstanceOf(NotAllowed)
    expect(decide(order({ status: 10 }), { role: "runner", userId: "r" }, freight)).toBeInstanceOf(NotAllowed)
  })

})

describe("the door pickup's errand beside it", () => {
  it("pairs every send status with one errand status, and the errand's live-event statuses with the send order's (spec 001 §4)", () => {
    const sendOf = new Map(doorPickupPairs.map(([e, sent]) => [e, sent]))
    const errandOf = new Map(doorPickupPairs.map(([e, sent]) => [sent, e]))
    expect(sendOf.size).toBe(doorPickupPairs.length)
    expect(errandOf.size).toBe(doorPickupPairs.length)
    expect(new Set(errandOf.keys())).toEqual(new Set(sendStatuses))
    // spec 001 §4 errand live events: robbed sets 1, collected 2, confirm-collected 3, freight-updated 10, freight-paid 20, express-arrived 5
    expect([2, 3, 10, 20, 4, 5, 400].map((sent) => errandOf.get(sent as Status))).toEqual([1, 2, 3, 10, 20, 5, 4])
  })

  it("each step from the freight on is one send transition and the errand's edge for it, leading the send order alike", () => {
    const led = errandEdges.filter((e) => e.send && ["setFreight", "setFreightDaofu", "payFreight", "arrive", "shipOut"].includes(e.action))
    expect(led.map((e) => e.action)).toEqual(["setFreight", "setFreightDaofu", "payFreight", "arrive", "shipOut"])
    const sendName: Record<string, SendTransition> = { setFreight: "setFreight", setFreightDaofu: "setFreightDaofu", payFreight: "payFreight", arrive: "assignNumber", shipOut: "sendOut" }
    for (const e of led) expect(nextSendStatus(e.send!.from, sendName[e.action]!)).toBe(e.send!.to)
  })
})
