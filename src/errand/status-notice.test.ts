import { describe, expect, it } from "vitest"
import { edgeFor, errandEdges, ErrandStatus, ErrandType, type Edge, type ErrandAction, type Role } from "./status-machine"
import { errandNotices } from "./status-notice"

/** The door pickup's steps its send order tells of (src/sending/status-notice.ts). */
const SEND_LED: ReadonlyArray<ErrandAction> = ["setFreight", "setFreightDaofu", "payFreight", "arrive", "shipOut"]

const edge = (type: ErrandType, from: ErrandStatus, action: ErrandAction): Edge => {
  const found = edgeFor(type, from, action)
  if (!found) throw new Error(`no ${action} from ${from} for type ${type}`)
  return found
}
const noticesOf = (type: ErrandType, from: ErrandStatus, action: ErrandAction, role: Role) => {
  const e = edge(type, from, action)
  return errandNotices({ orderNo: "PT1", type, status: e.to }, e, role).map((n) => [n.to, n.params.status, n.params.remark])
}

describe("an errand step's template messages", () => {
  it("go to each party its live events reach but the one who acted, never the hall; a send order's steps write their own", () => {
    for (const e of errandEdges) {
      for (const role of e.by) {
        for (const type of e.types) {
          const notices = errandNotices({ orderNo: "PT1", type, status: e.to }, e, role)
          const doer = e.action === "takeaway" ? "runner" : role
          const reached = [...new Set(e.live.map((l) => l.to))].filter((to) => to !== "hall" && to !== doer)
          expect(notices.map((n) => n.to), `${e.action} from ${e.from} by ${role}`).toEqual(SEND_LED.includes(e.action) ? [] : reached)
          for (const n of notices) expect(n.params).toMatchObject({ orderNo: "PT1", remark: expect.stringMatching(/\S/) })
        }
      }
    }
  })

  it("say what happened in the words of each step", () => {
    expect(noticesOf(1, ErrandStatus.awaitingAcceptance, "grab", "runner")).toEqual([["requester", "已接单", "跑腿员已接单"]])
    // collected at the counter: staff scan, the runner is there; the requester hears of it
    expect(noticesOf(1, ErrandStatus.accepted, "takeaway", "staff")).toEqual([["requester", "已取件", "跑腿员已取件"]])
    expect(noticesOf(1, ErrandStatus.accepted, "release", "runner")).toEqual([["requester", "待接单", "跑腿员取消了接单，订单重新等待接单"]])
    expect(noticesOf(1, ErrandStatus.collected, "release", "runner")).toEqual([["requester", "已取消", "跑腿员已将快递放回驿站，赏金已退回"]])
    expect(noticesOf(3, ErrandStatus.collected, "release", "runner")).toEqual([["requester", "待接单", "跑腿员取消了接单，订单重新等待接单"]])
    expect(noticesOf(1, ErrandStatus.awaitingPayment, "voidUnpaid", "system")).toEqual([["requester", "已取消", "订单超时未支付，已取消"]])
    expect(noticesOf(4, ErrandStatus.awaitingAcceptance, "voidUnaccepted", "system")).toEqual([["requester", "已取消", "订单超时无人接单，已取消，赏金已退回"]])
    expect(noticesOf(1, ErrandStatus.delivered, "confirmReceipt", "requester")).toEqual([["runner", "已完成", "用户已确认收货，订单完成"]])
    expect(noticesOf(1, ErrandStatus.accepted, "leaderSign", "leader")).toEqual([
      ["requester", "已完成", "队长已代为签收，订单完成"], ["runner", "已完成", "队长已代为签收，订单完成"]
    ])
    expect(noticesOf(2, ErrandStatus.accepted, "sayTaken", "requester")).toEqual([["runner", "待跑腿确认", "用户说你已取件，请确认"]])
    expect(noticesOf(2, ErrandStatus.collected, "confirmTaken", "runner")).toEqual([["requester", "待计算运费", "跑腿员已确认取件，等待计算运费"]])
    expect(noticesOf(2, ErrandStatus.collected, "confirmTakenDaofu", "runner")).toEqual([["requester", "已付款待到件", "跑腿员已确认取件，运费到付"]])
  })

  it("are none for the requester's own steps and for the door pickup's freight, payment, arrival and dispatch", () => {
    expect(noticesOf(1, ErrandStatus.awaitingPayment, "prepay", "requester")).toEqual([])
    expect(noticesOf(1, ErrandStatus.awaitingAcceptance, "cancel", "requester")).toEqual([])
    expect(noticesOf(2, ErrandStatus.delivered, "setFreight", "staff")).toEqual([])
    expect(noticesOf(2, ErrandStatus.awaitingWarehouseOut, "shipOut", "staff")).toEqual([])
  })
})
