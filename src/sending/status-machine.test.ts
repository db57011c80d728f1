import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { errandEdges } from "../errand/status-machine"
import { NotAllowed, StateConflict } from "../shared/errors"
import {
  decide, errandStatusOf, initialSendStatus, isSendListTab, nextSendStatus, sendListTabs, sendStatuses, sendTransitionNames,
  sendTransitions, type SendStatus as Status, type SendTransition
} from "./status-machine"
import { freight, order, sender, staff } from "./send-order.testkit"

/** §4 "Parcel to send status" and the errand's type-2 path, written out edge by edge. */
const specEdges: ReadonlyArray<readonly [Status, SendTransition, Status]> = [
  [0, "payReward", 1], [1, "grab", 2], [2, "backToWaiting", 1], [3, "backToWaiting", 1], [2, "senderHandedOver", 3],
  [3, "runnerConfirms", 10], [10, "setFreight", 20], [10, "setFreightDaofu", 4], [20, "payFreight", 4],
  [4, "assignNumber", 5], [5, "runnerCancel", 4], [5, "sendOut", 100], [0, "close", 400], [1, "close", 400], [20, "close", 400]
]

const status = fc.constantFrom(...sendStatuses)
const transition = fc.constantFrom(...sendTransitionNames)

describe("the send-order status table", () => {
  test.prop([status, transition])("only the listed edges can happen", (from, t) => {
    expect(nextSendStatus(from, t)).toBe(specEdges.find(([f, e]) => f === from && e === t)?.[2])
  })

  it("holds exactly the spec's edges, each with the spec's live events", () => {
    const table = sendTransitionNames.flatMap((t) => sendTransitions[t].from.map((f) => String([f, t, sendTransitions[t].to])))
    expect(new Set(table)).toEqual(new Set(specEdges.map(String)))
    expect(sendTransitions.setFreight.events).toEqual(["freightUpdated", "freightUpdate"])
    expect(sendTransitions.payFreight.events).toEqual(["freightPaySuccess"])
    expect(sendTransitions.setFreightDaofu.events).toEqual(["freightPaySuccessDaofu"])
    expect(sendTransitions.assignNumber.events).toEqual(["expressTakeinArrived"])
    expect(sendTransitions.sendOut.events).toEqual(["expressSended", "expressTakeinSended"])
    expect(sendTransitions.backToWaiting.events).toEqual(["paotuiOrderCancelToWait"])
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
    expect(decide(order({ status: 1, doorPickup: true }), { role: "runner", userId: "s" }, { type: "grab" })).toBeInstanceOf(NotAllowed)
    expect(decide(order({ status: 1 }), { role: "runner", userId: "r" }, { type: "grab" })).toBeInstanceOf(NotAllowed)
  })

  it("the runner cancelling after the arrival leaves the order, withdraws the number and goes back to 4", () => {
    const d = decide(order({ status: 5, doorPickup: true, runnerId: "r", freightPaid: true, expressNo: "SF9" }), { role: "runner", userId: "r" }, { type: "runnerCancel" })
    expect(d).toMatchObject({ order: { status: 4, expressNo: null, runnerId: null }, events: ["paotuiOrderCancel"] })
  })
})

describe("the door pickup's errand beside it", () => {
  it("pairs every send status with one errand status, and the errand's live-event statuses with the table's", () => {
    const errand = sendStatuses.map((s) => errandStatusOf[s])
    expect(new Set(errand).size).toBe(sendStatuses.length)
    // spec 001 §4 errand live events: robbed sets 1, collected 2, confirm-collected 3, freight-updated 10, freight-paid 20, express-arrived 5
    expect(errandStatusOf[sendTransitions.grab.to]).toBe(1)
    expect(errandStatusOf[sendTransitions.senderHandedOver.to]).toBe(2)
    expect(errandStatusOf[sendTransitions.runnerConfirms.to]).toBe(3)
    expect(errandStatusOf[sendTransitions.setFreight.to]).toBe(10)
    expect(errandStatusOf[sendTransitions.payFreight.to]).toBe(20)
    expect(errandStatusOf[sendTransitions.setFreightDaofu.to]).toBe(20)
    expect(errandStatusOf[sendTransitions.assignNumber.to]).toBe(5)
    expect(errandStatusOf[sendTransitions.close.to]).toBe(4)
  })

  it("moves the errand only along the errand core's own type-2 edges (cash on delivery by staff too), but for the runner's cancel after arrival and a close at 20", () => {
    const moves: Array<string> = []
    for (const t of sendTransitionNames) {
      for (const from of sendTransitions[t].from as ReadonlyArray<Status>) {
        const [a, b] = [errandStatusOf[from], errandStatusOf[sendTransitions[t].to]]
        if (a !== b && !errandEdges.some((e) => e.types.includes(2) && e.from === a && e.to === b)) moves.push(`${t} ${from}: errand ${a} → ${b}`)
      }
    }
    // the runner's cancel after the arrival (spec: 'reverts to 4') and a close while freight is due (never with a runner on a door pickup)
    expect(moves).toEqual(["runnerCancel 5: errand 5 → 20", "close 20: errand 10 → 4"])
  })
})
