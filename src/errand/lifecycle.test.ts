/**
 * The errand hall, grab and lifecycle use cases on the in-memory doubles: the unit cases of each role's
 * action, then a model-based run per order type (random role actions and clock advances against the real
 * use cases: only the table's transitions happen, the parcel moves with its order, money is conserved).
 */
import { fc, test } from "@fast-check/vitest"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { ParcelStore, QrSigner } from "../parcel/parcel-store"
import { PayIn } from "../payment/pay-in"
import { messages as payMessages, TradeStatus, type Trade } from "../payment/trade"
import type { Actor } from "../shared/actor"
import { outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { Uploads } from "../upload/upload-store"
import type { ErrandPerson } from "./errand-parties"
import { ErrandStore, type ErrandOrderRecord } from "./errand-store"
import { errandWorld } from "./errand-store.testkit"
import { grabMessages } from "./grab"
import { ERRAND_STATUS_TEMPLATE } from "./status-notice"
import {
  cancelOrder, collectedAtStation, confirmReceipt, confirmTakeaway, grabOrder, hallOrders, haveToComment, leaderSign, lifecycleMessages,
  listOrders, markDelivered, orderFor, pageOrders, PAYING_NOW, runnerCancel, runnerQr, sayTakeaway
} from "./lifecycle"
import { settleErrandTrade } from "./errand-payment"
import { voidUnacceptedErrand, voidUnpaidErrand } from "./ordering"
import { payTip } from "./reviews"
import { doorPickupPairs, errandEdges, errandMessages, ERRAND_TYPES, parcelStatusOfErrand, type ErrandType } from "./status-machine"

const T0 = new Date("2026-11-20T04:00:00Z")
const PIC = "0123456789abcdef0123456789abcdef.jpg"
const MIN = 60_000

const person = (id: string, over: Partial<ErrandPerson> = {}): ErrandPerson => ({
  id, openid: `o-${id}`, name: `name-${id}`, phone: "13800000000", sex: 1, authStatus: 1, paotuiStatus: 1, isPaotuiLeader: false,
  pickupAble: false, worksiteId: "w1", ...over
})

const requester = person("req", { sex: 2, paotuiStatus: 0 })
const runnerA = person("ra")
const runnerB = person("rb", { sex: 2 })
const runnerC = person("rc")
const otherSite = person("rx", { worksiteId: "w2" })
const notRunner = person("nr", { paotuiStatus: 0 })
const leader = person("ld", { isPaotuiLeader: true })
const stranger = person("st", { paotuiStatus: 0 })
const everyone = [requester, runnerA, runnerB, runnerC, otherSite, notRunner, leader, stranger]

const actorOf = (p: ErrandPerson): Actor => ({ userId: p.id, openid: p.openid, role: "student" })

const setup = () => {
  const world = errandWorld(everyone)
  let now = T0
  const ports = recordingPorts(() => now, Array.from({ length: 5000 }, (_, i) => `id-${i}`))
  const parcelDouble = ParcelStore.of(new Proxy({}, { get: (_, name) => name === "findById"
    ? (id: string) => Effect.succeed({ id, expressCompanyName: "圆通", expressNo: "YT1", storageNo: "3-1-2", receiver: "张三", receiverPhone: "13800000009", tag: 3 })
    : () => Effect.die(new Error(`ParcelStore.${String(name)}`)) }) as never)
  const signer = QrSigner.of({ sign: (text) => Effect.succeed(`sig(${text.length})`), verify: () => Effect.succeed(true), image: () => Effect.succeed("png") })
  // runner A's one upload: /sign/20261120/{PIC}
  const uploads = Uploads.of({
    record: () => Effect.die(new Error("Uploads.record")),
    findOwn: (userId, dateFolder, fileName) => Effect.succeed(userId === runnerA.id && dateFolder === "20261120" && fileName === PIC
      ? { id: "up1", userId, field: "fileVal", dateFolder, fileName, bytes: 10, ocr: null, createdAt: T0 } as const
      : undefined)
  })
  const run = <A, E>(effect: Effect.Effect<A, E, never> | Effect.Effect<A, E, any>) =>
    outcome(ports.provide(effect).pipe(Effect.provide(world.layer), Effect.provideService(ParcelStore, parcelDouble), Effect.provideService(QrSigner, signer),
      Effect.provideService(Uploads, uploads)) as Effect.Effect<A, E, never>)
  let n = 0
  const place = (over: Partial<ErrandOrderRecord> = {}): ErrandOrderRecord => {
    n++
    const payFee = over.payFee ?? 500
    const order: ErrandOrderRecord = {
      id: `e${n}`, orderNo: `N${n}`, type: 1, status: 0, openid: requester.openid, worksiteId: "w1", accept: null, payFee, paid: payFee, refunded: 0,
      runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: new Date(now.getTime() - n * 1000), requireArriveTime: new Date(T0.getTime() + 240 * MIN),
      toComment: false, sexLimit: -1, goodsClass: 1, specialGoodId: null, buildingId: null, floor: 3, dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null,
      remark: "", toTakeId: null, fee: payFee, activityId: null, prepayId: payFee > 0 ? `wx-${n}` : null, acceptedAt: null, finishedAt: null, ...over
    }
    const withParcel = order.type === 1 && order.toTakeId === null ? { ...order, toTakeId: `p${n}` } : order
    world.errands.orders.set(withParcel.id, withParcel)
    world.sendOrders.open(withParcel)
    if (withParcel.type === 1) world.parties.parcels.set(withParcel.toTakeId!, { status: parcelStatusOfErrand[withParcel.status]!, runnerOpenid: null })
    if (withParcel.paid > 0) {
      world.trades.trades.set(`T${n}`, {
        tradeNo: `T${n}`, kind: "errand", refId: withParcel.id, userId: requester.id, amountFen: withParcel.paid, status: TradeStatus.paid, prepayId: withParcel.prepayId,
        providerRef: "x", createdAt: T0, expiresAt: T0, paidAt: T0, refundedAt: null
      })
    }
    return withParcel
  }
  return { world, ports, run, place, clock: () => now, advance: (minutes: number) => { now = new Date(now.getTime() + minutes * MIN) }, order: (id: string) => world.errands.orders.get(id)! }
}

describe("the hall", () => {
  it("shows a runner the open orders of their own worksite that their sex may take, by time or by fee", async () => {
    const s = setup()
    const cheap = s.place({ payFee: 300 })
    const dear = s.place({ payFee: 900 })
    s.place({ sexLimit: 2 })
    s.place({ worksiteId: "w2" })
    s.place({ status: 1, accept: { openid: runnerB.openid, name: "b", phone: "1" } })
    const byTime = await s.run(hallOrders(actorOf(runnerA), "w1", "time"))
    expect(byTime.ok && byTime.value.map((o) => o.id)).toEqual([cheap.id, dear.id])
    const byFee = await s.run(hallOrders(actorOf(runnerA), "w1", "fee"))
    expect(byFee.ok && byFee.value.map((o) => o.id)).toEqual([dear.id, cheap.id])
    const female = await s.run(hallOrders(actorOf(runnerB), "w1", "time"))
    expect(female.ok && female.value.length).toBe(3)
  })

  it("refuses a runner of another worksite, a non-runner and an unknown sort", async () => {
    const s = setup()
    expect(await s.run(hallOrders(actorOf(otherSite), "w1", "time"))).toMatchObject(refused("NotAllowed", lifecycleMessages.hallFailed))
    expect(await s.run(hallOrders(actorOf(notRunner), "w1", "time"))).toMatchObject(refused("NotAllowed", lifecycleMessages.notRunner))
    expect(await s.run(hallOrders(actorOf(runnerA), "w1", "price"))).toMatchObject(refused("RuleViolation", lifecycleMessages.hallFailed))
  })
})

describe("grabbing", () => {
  it("gives the order and its parcel to the first runner, tells the requester and empties it from every hall", async () => {
    const s = setup()
    const o = s.place()
    const won = await s.run(grabOrder(actorOf(runnerA), o.orderNo))
    expect(won.ok).toBe(true)
    expect(s.order(o.id)).toMatchObject({ status: 1, accept: { openid: runnerA.openid, name: runnerA.name }, acceptedAt: T0 })
    expect(s.world.parties.parcels.get(o.toTakeId!)).toEqual({ status: 4, runnerOpenid: runnerA.openid })
    expect(s.ports.events.map((e) => [e.room, e.name])).toEqual([
      [{ user: requester.id }, "paotuiOrderRobbinged"],
      [{ hall: "w1" }, "paotuiOrderRobbinged"]
    ])
    expect(await s.run(grabOrder(actorOf(runnerC), o.orderNo))).toMatchObject(refused("StateConflict", grabMessages.failed))
    expect(s.order(o.id).accept?.openid).toBe(runnerA.openid)
  })

  it("answers the sex limit with the spec's words, and refuses a non-runner, another worksite's runner, one's own order and a late grab", async () => {
    const s = setup()
    const femaleOnly = s.place({ sexLimit: 2 })
    const maleOnly = s.place({ sexLimit: 1 })
    expect(await s.run(grabOrder(actorOf(runnerA), femaleOnly.orderNo))).toMatchObject(refused("NotAllowed", grabMessages.femaleOnly))
    expect(await s.run(grabOrder(actorOf(runnerB), maleOnly.orderNo))).toMatchObject(refused("NotAllowed", grabMessages.maleOnly))
    const o = s.place()
    expect(await s.run(grabOrder(actorOf(notRunner), o.orderNo))).toMatchObject(refused("NotAllowed", lifecycleMessages.notRunner))
    expect(await s.run(grabOrder(actorOf(otherSite), o.orderNo))).toMatchObject(refused("NotAllowed", grabMessages.failed))
    const own = s.place({ openid: runnerA.openid })
    expect(await s.run(grabOrder(actorOf(runnerA), own.orderNo))).toMatchObject(refused("NotAllowed", grabMessages.failed))
    expect(await s.run(grabOrder(actorOf(runnerA), "nope"))).toMatchObject(refused("NotFound", grabMessages.failed))
    s.advance(241)
    expect(await s.run(grabOrder(actorOf(runnerA), o.orderNo))).toMatchObject(refused("StateConflict", grabMessages.failed))
    expect(s.order(o.id).status).toBe(0)
  })
})

describe("a type-1 order from the hall to the door", () => {
  it("is collected at the station, delivered, confirmed, and the runner earns the fee as wallet income with a ledger row", async () => {
    const s = setup()
    const o = s.place({ payFee: 600 })
    await s.run(grabOrder(actorOf(runnerA), o.orderNo))
    // The runner's own QR names them (poid); the requester cannot get one.
    const qr = await s.run(runnerQr(actorOf(runnerA), o.id))
    expect(qr.ok && JSON.parse(qr.value.content)).toMatchObject({ poid: runnerA.openid, en: "YT1" })
    expect(await s.run(runnerQr(actorOf(requester), o.id))).toMatchObject(refused("NotFound", lifecycleMessages.orderMissing))
    // The runner cannot say they collected a type-1 parcel; staff's hand-over moves the parcel, then the order follows.
    expect(await s.run(sayTakeaway(actorOf(runnerA), o.id))).toMatchObject(refused("StateConflict", lifecycleMessages.collectAtStation))
    s.world.parties.parcels.set(o.toTakeId!, { status: 5, runnerOpenid: runnerA.openid })
    s.ports.events.length = 0
    expect((await s.run(collectedAtStation("staff", o.toTakeId!, "w1"))).ok).toBe(true)
    expect(s.order(o.id).status).toBe(2)
    expect(s.ports.events.map((e) => [e.room, e.name])).toEqual([[{ user: requester.id }, "paotuiHaveGettedExpress"], [{ user: runnerA.id }, "paotuiHaveGettedExpress"]])
    expect(await s.run(markDelivered(actorOf(runnerB), o.id))).toMatchObject(refused("NotAllowed", errandMessages.deliverFailed))
    expect((await s.run(markDelivered(actorOf(runnerA), o.id))).ok).toBe(true)
    expect(s.world.parties.parcels.get(o.toTakeId!)?.status).toBe(6)
    expect(await s.run(confirmReceipt(actorOf(runnerA), { id: o.id }))).toMatchObject(refused("NotAllowed", errandMessages.signFailed))
    expect((await s.run(confirmReceipt(actorOf(requester), { orderNo: o.orderNo }))).ok).toBe(true)
    expect(s.order(o.id)).toMatchObject({ status: 100, runnerIncome: 600, refunded: 0, toComment: true, finishedAt: T0 })
    expect(s.world.parties.parcels.get(o.toTakeId!)?.status).toBe(100)
    expect(s.world.wallet.ledger).toEqual([expect.objectContaining({ userId: runnerA.id, type: 1, money: 600, refId: o.id })])
    expect(s.world.wallet.money.get(runnerA.id)).toBe(600)
    expect(await s.run(haveToComment(actorOf(requester)))).toEqual({ ok: true, value: true })
  })

  it("tells the other party of each step by template message (跑腿订单状态), unless they turned it off", async () => {
    const s = setup()
    const o = s.place()
    const messages = () => s.ports.outbox.filter((m) => m.template === ERRAND_STATUS_TEMPLATE).map((m) => [m.to, m.params.status, m.params.remark])
    await s.run(grabOrder(actorOf(runnerA), o.orderNo))
    s.world.parties.parcels.set(o.toTakeId!, { status: 5, runnerOpenid: runnerA.openid })
    await s.run(collectedAtStation("staff", o.toTakeId!, "w1"))
    await s.run(markDelivered(actorOf(runnerA), o.id))
    await s.run(confirmReceipt(actorOf(requester), { id: o.id }))
    expect(messages()).toEqual([
      [requester.openid, "已接单", "跑腿员已接单"],
      [requester.openid, "已取件", "跑腿员已取件"],
      [requester.openid, "已送达", "跑腿员已送达，请确认收货"],
      [runnerA.openid, "已完成", "用户已确认收货，订单完成"]
    ])
    expect(s.ports.outbox.find((m) => m.template === ERRAND_STATUS_TEMPLATE)?.params.orderNo).toBe(o.orderNo)

    const quiet = setup()
    quiet.world.notices.state.set(requester.id, new Set(["errandStatus"]))
    const q = quiet.place()
    await quiet.run(grabOrder(actorOf(runnerA), q.orderNo))
    expect(quiet.order(q.id).status).toBe(1)
    expect(quiet.ports.outbox).toEqual([])
  })

  it("the requester cancels before it is taken: the payment is refunded and the parcel goes back to the shelf", async () => {
    const s = setup()
    const o = s.place({ payFee: 450 })
    expect(await s.run(cancelOrder(actorOf(stranger), o.orderNo))).toMatchObject(refused("NotAllowed", errandMessages.cancelFailed))
    expect((await s.run(cancelOrder(actorOf(requester), o.orderNo))).ok).toBe(true)
    expect(s.order(o.id)).toMatchObject({ status: 4, refunded: 450, runnerIncome: 0 })
    expect(s.world.trades.refunds).toEqual([{ tradeNo: `T1`, amountFen: 450 }])
    expect(s.world.parties.parcels.get(o.toTakeId!)?.status).toBe(0)
    expect(s.ports.events.map((e) => e.name)).toEqual(["paotuiOrderCancel", "paotuiOrderCancel"])
    const taken = s.place()
    await s.run(grabOrder(actorOf(runnerA), taken.orderNo))
    expect(await s.run(cancelOrder(actorOf(requester), taken.orderNo))).toMatchObject(refused("StateConflict", errandMessages.cancelFailed))
  })

  it("the requester cancels an unpaid order: its open prepay is closed and its activity place given back; one paid meanwhile waits", async () => {
    const s = setup()
    const o = s.place({ status: -1, paid: 0, activityId: "act-1" })
    const open = (tradeNo: string) => s.world.trades.trades.set(tradeNo, {
      tradeNo, kind: "errand", refId: o.id, userId: requester.id, amountFen: 500, status: TradeStatus.created, prepayId: `wx-${tradeNo}`,
      providerRef: null, createdAt: T0, expiresAt: T0, paidAt: null, refundedAt: null
    })
    open("OPEN1")
    s.world.trades.paidAtProvider.add("OPEN1")
    expect(await s.run(cancelOrder(actorOf(requester), o.orderNo))).toMatchObject(refused("StateConflict", PAYING_NOW))
    expect(s.order(o.id).status).toBe(-1)
    s.world.trades.paidAtProvider.delete("OPEN1")
    expect((await s.run(cancelOrder(actorOf(requester), o.orderNo))).ok).toBe(true)
    expect(s.world.trades.trades.get("OPEN1")?.status).toBe("expired")
    expect(s.order(o.id)).toMatchObject({ status: 4, refunded: 0 })
    expect(s.world.errands.released).toEqual([{ activityId: "act-1", day: "2026-11-20" }])
    expect(s.world.parties.parcels.get(o.toTakeId!)?.status).toBe(0)
    expect(s.world.trades.refunds).toEqual([])
  })

  it("the runner gives it back with a reason: a personal reason costs credit, the order returns to its sex's hall", async () => {
    const s = setup()
    const o = s.place({ sexLimit: 1 })
    await s.run(grabOrder(actorOf(runnerA), o.orderNo))
    expect(await s.run(runnerCancel(actorOf(runnerA), o.orderNo, 1, "有事"))).toMatchObject(refused("RuleViolation", errandMessages.reasonTooShort))
    expect(await s.run(runnerCancel(actorOf(runnerC), o.orderNo, 1, "临时有事去不了"))).toMatchObject(refused("NotAllowed", errandMessages.cancelFailed))
    s.ports.events.length = 0
    expect((await s.run(runnerCancel(actorOf(runnerA), o.orderNo, 1, "临时有事去不了"))).ok).toBe(true)
    expect(s.order(o.id)).toMatchObject({ status: 0, accept: null, acceptedAt: null })
    expect(s.world.parties.parcels.get(o.toTakeId!)).toEqual({ status: 3, runnerOpenid: null })
    expect(s.world.credit.scores.get(runnerA.id)).toBe(98)
    expect(s.world.credit.records).toEqual([expect.objectContaining({ userId: runnerA.id, score: -2, type: 3, orderId: o.id })])
    expect(s.ports.events.map((e) => [e.room, e.name])).toEqual([
      [{ user: requester.id }, "paotuiOrderCancelToWait"],
      [{ hall: "w1", sex: 1 }, "w1-paotuiOrderAdd"]
    ])
    await s.run(grabOrder(actorOf(runnerC), o.orderNo))
    expect((await s.run(runnerCancel(actorOf(runnerC), o.orderNo, 2, "用户电话一直打不通"))).ok).toBe(true)
    expect(s.world.credit.scores.get(runnerC.id)).toBeUndefined()
  })

  it("a leader of the worksite marks an accepted order done; anyone else may not", async () => {
    const s = setup()
    const o = s.place({ payFee: 300 })
    await s.run(grabOrder(actorOf(runnerA), o.orderNo))
    expect(await s.run(leaderSign(actorOf(runnerC), o.id))).toMatchObject(refused("NotAllowed", errandMessages.signFailed))
    expect(await s.run(leaderSign(actorOf({ ...leader, id: "ld2" }), o.id))).toMatchObject(refused("NotFound", "获取用户信息失败"))
    s.ports.events.length = 0
    expect((await s.run(leaderSign(actorOf(leader), o.id))).ok).toBe(true)
    expect(s.order(o.id)).toMatchObject({ status: 100, runnerIncome: 300 })
    expect(s.world.parties.parcels.get(o.toTakeId!)?.status).toBe(100)
    expect(s.ports.events.map((e) => e.name)).toEqual(["paotuiOrderComplete", "paotuiOrderComplete", "expressTosendPaotuiSign"])
  })
})

describe("an errand payment's settlement", () => {
  const paidTrade = (s: ReturnType<typeof setup>, o: ErrandOrderRecord, amountFen: number): Trade => {
    const trade: Trade = {
      tradeNo: `PAY-${o.id}`, kind: "errand", refId: o.id, userId: requester.id, amountFen, status: TradeStatus.paid, prepayId: `wx-pay-${o.id}`,
      providerRef: "tx", createdAt: T0, expiresAt: T0, paidAt: T0, refundedAt: null
    }
    s.world.trades.trades.set(trade.tradeNo, trade)
    return trade
  }

  it("opens the order it pays for (−1 → 0), keeps the trade's prepay, moves the parcel and tells the hall", async () => {
    const s = setup()
    const o = s.place({ status: -1, paid: 0 })
    s.ports.events.length = 0
    expect((await s.run(settleErrandTrade(paidTrade(s, o, 500)))).ok).toBe(true)
    expect(s.order(o.id)).toMatchObject({ status: 0, prepayId: `wx-pay-${o.id}` })
    expect(s.world.parties.parcels.get(o.toTakeId!)?.status).toBe(parcelStatusOfErrand[0])
    expect(s.ports.events.map((e) => e.name)).toContain(`w1-paotuiOrderAdd`)
    expect(s.world.trades.refunds).toEqual([])
  })

  it("pays back at once a payment for an order no longer awaiting it, or of another amount, and changes the order in nothing", async () => {
    const s = setup()
    const cancelled = s.place({ status: 4, paid: 0 })
    const other = s.place({ status: -1, paid: 0 })
    expect((await s.run(settleErrandTrade(paidTrade(s, cancelled, 500)))).ok).toBe(true)
    expect((await s.run(settleErrandTrade(paidTrade(s, other, 499)))).ok).toBe(true)
    expect(s.world.trades.refunds).toEqual([{ tradeNo: `PAY-${cancelled.id}`, amountFen: 500 }, { tradeNo: `PAY-${other.id}`, amountFen: 499 }])
    expect(s.order(cancelled.id).status).toBe(4)
    expect(s.order(other.id)).toMatchObject({ status: -1, prepayId: other.prepayId })
  })

  it("for an order that does not exist is a defect", async () => {
    const s = setup()
    const ghost = { ...s.place({ status: -1, paid: 0 }), id: "ghost" }
    await expect(s.run(settleErrandTrade(paidTrade(s, ghost, 500)))).rejects.toThrow("ghost")
  })
})

describe("the scheduler's voids", () => {
  /** The store as a void sees it when another change lands between its read and its write: it reads the order as it was. */
  const readAsBefore = (s: ReturnType<typeof setup>, before: ErrandOrderRecord) =>
    Effect.provideService(ErrandStore, ErrandStore.of({ ...s.world.errands.store, findById: (id) => Effect.succeed(id === before.id ? before : undefined) }))

  it("an unaccepted order past its time is cancelled and refunded; a refund the provider refuses fails the void, it is not skipped", async () => {
    const s = setup()
    const o = s.place({ payFee: 450 })
    const kept = s.place({ payFee: 300 })
    // the provider refuses to pay this one back ('已退款': it holds a refund for it already)
    const tradeNo = [...s.world.trades.trades.values()].find((t) => t.refId === kept.id)!.tradeNo
    s.world.trades.refunds.push({ tradeNo, amountFen: 300 })
    expect(await s.run(voidUnacceptedErrand(o.id))).toEqual({ ok: true, value: "skipped" })
    s.advance(241)
    expect(await s.run(voidUnacceptedErrand(o.id))).toEqual({ ok: true, value: "voided" })
    expect(s.order(o.id)).toMatchObject({ status: 4, refunded: 450 })
    expect(s.world.parties.parcels.get(o.toTakeId!)?.status).toBe(0)
    expect(await s.run(voidUnacceptedErrand(kept.id))).toMatchObject(refused("StateConflict", payMessages.refundFailed("已退款")))
  })

  it("an order that moved on between the void's read and its write (grabbed, paid) is skipped and left as it is", async () => {
    const s = setup()
    const open = s.place()
    s.advance(241)
    const grabbed: ErrandOrderRecord = { ...open, status: 1, accept: { openid: runnerA.openid, name: runnerA.name, phone: runnerA.phone } }
    s.world.errands.orders.set(open.id, grabbed)
    expect(await s.run(voidUnacceptedErrand(open.id).pipe(readAsBefore(s, open)))).toEqual({ ok: true, value: "skipped" })
    expect(s.order(open.id)).toEqual(grabbed)
    expect(s.world.trades.refunds).toEqual([])

    const unpaid = s.place({ status: -1, paid: 0 })
    s.advance(31)
    const paid: ErrandOrderRecord = { ...unpaid, status: 0, paid: unpaid.payFee }
    s.world.errands.orders.set(unpaid.id, paid)
    expect(await s.run(voidUnpaidErrand(unpaid.id).pipe(readAsBefore(s, unpaid)))).toEqual({ ok: true, value: "skipped" })
    expect(s.order(unpaid.id)).toEqual(paid)
  })
})

describe("a type-2 door pickup", () => {
  it("the requester says the runner took it, the runner confirms with a photo (or cash on delivery)", async () => {
    const s = setup()
    const o = s.place({ type: 2 })
    const d = s.place({ type: 2 })
    for (const x of [o, d]) await s.run(grabOrder(actorOf(runnerA), x.orderNo))
    expect(await s.run(sayTakeaway(actorOf(runnerA), o.id))).toMatchObject(refused("NotAllowed", errandMessages.operationFailed))
    expect((await s.run(sayTakeaway(actorOf(requester), o.id))).ok).toBe(true)
    // the photo must be the runner's own upload: someone else's, or a made-up path, is refused and nothing moves
    for (const pic of [`/sign/20261120/${PIC}`, "/pic/1.jpg"]) {
      expect(await s.run(confirmTakeaway(actorOf(runnerB), o.id, pic, false))).toMatchObject(refused("RuleViolation", "请上传图片"))
    }
    expect(await s.run(confirmTakeaway(actorOf(runnerA), o.id, "/pic/1.jpg", false))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(s.order(o.id)).toMatchObject({ status: 2, goodsPic: null })
    expect((await s.run(confirmTakeaway(actorOf(runnerA), o.id, ` https://cdn.example.com/sign/20261120/${PIC} `, false))).ok).toBe(true)
    expect(s.order(o.id)).toMatchObject({ status: 3, goodsPic: `/sign/20261120/${PIC}` })
    await s.run(sayTakeaway(actorOf(requester), d.id))
    expect((await s.run(confirmTakeaway(actorOf(runnerA), d.id, "", true))).ok).toBe(true)
    expect(s.order(d.id)).toMatchObject({ status: 20, goodsPic: null })
  })
})

describe("lists and single orders", () => {
  it("lists only the caller's own orders, and shows one order only to its parties, leaders and the hall", async () => {
    const s = setup()
    const o = s.place()
    const done = s.place({ status: 4, refunded: 500 })
    expect(await s.run(listOrders(actorOf(runnerA), "1", requester.openid, "ing"))).toMatchObject(refused("NotAllowed", lifecycleMessages.listFailed))
    const mine = await s.run(listOrders(actorOf(requester), "1", requester.openid, "ing"))
    expect(mine.ok && mine.value.map((x) => x.id)).toEqual([o.id])
    const cancelled = await s.run(pageOrders(actorOf(requester), "1", "cancel", 1))
    expect(cancelled.ok && cancelled.value.results.map((x) => x.id)).toEqual([done.id])
    expect(await s.run(pageOrders(actorOf(notRunner), "2", "ing", 1))).toMatchObject(refused("NotAllowed", lifecycleMessages.notRunner))
    expect(await s.run(pageOrders(actorOf(requester), "3", "ing", 1))).toMatchObject(refused("RuleViolation", lifecycleMessages.listFailed))
    await s.run(grabOrder(actorOf(runnerA), o.orderNo))
    const taken = await s.run(pageOrders(actorOf(runnerA), "2", "ing", 1))
    expect(taken.ok && taken.value.results.map((x) => x.id)).toEqual([o.id])
    for (const p of [requester, runnerA, leader]) expect((await s.run(orderFor(actorOf(p), { id: o.id }))).ok).toBe(true)
    for (const p of [runnerC, stranger, otherSite]) expect(await s.run(orderFor(actorOf(p), { orderNo: o.orderNo }))).toMatchObject(refused("NotFound", lifecycleMessages.orderMissing))
    const open = s.place()
    expect((await s.run(orderFor(actorOf(runnerC), { id: open.id }))).ok).toBe(true)
  })
})

describe("the edges of lists, views, QR and takeaway", () => {
  it("takes exactly the three groups and the two list types", async () => {
    const s = setup()
    for (const group of ["ing", "complete", "cancel"]) expect((await s.run(pageOrders(actorOf(requester), "1", group, 1))).ok).toBe(true)
    for (const group of ["", "done", "ING"]) {
      expect(await s.run(pageOrders(actorOf(requester), "1", group, 1))).toMatchObject(refused("RuleViolation", lifecycleMessages.listFailed))
      expect(await s.run(pageOrders(actorOf(runnerA), "2", group, 1))).toMatchObject(refused("RuleViolation", lifecycleMessages.listFailed))
    }
  })

  it("shows an order waiting in the hall only to runners of its worksite, and a taken one only to its parties and leaders", async () => {
    const s = setup()
    const open = s.place()
    for (const p of [runnerC, leader]) expect((await s.run(orderFor(actorOf(p), { id: open.id }))).ok).toBe(true)
    for (const p of [otherSite, notRunner, stranger]) expect(await s.run(orderFor(actorOf(p), { id: open.id }))).toMatchObject(refused("NotFound", lifecycleMessages.orderMissing))
    const t = setup()
    const taken = t.place()
    await t.run(grabOrder(actorOf(runnerA), taken.orderNo))
    expect(await t.run(orderFor(actorOf(runnerC), { id: taken.id }))).toMatchObject(refused("NotFound", lifecycleMessages.orderMissing))
    expect((await t.run(orderFor(actorOf(leader), { orderNo: taken.orderNo }))).ok).toBe(true)
  })

  it("gives the runner holding a type-1 order its signed QR with their openid; anyone else, or another type, gets none", async () => {
    const s = setup()
    const o = s.place()
    const door = s.place({ type: 3 })
    for (const x of [o, door]) await s.run(grabOrder(actorOf(runnerA), x.orderNo))
    const qr = await s.run(runnerQr(actorOf(runnerA), o.id))
    expect(qr).toMatchObject({ ok: true, value: { qrimgBase64: "png" } })
    expect(qr.ok && JSON.parse(qr.value.content)).toMatchObject({ poid: runnerA.openid, en: "YT1", sn: "3-1-2" })
    expect(await s.run(runnerQr(actorOf(runnerB), o.id))).toMatchObject(refused("NotFound", lifecycleMessages.orderMissing))
    expect(await s.run(runnerQr(actorOf(requester), o.id))).toMatchObject(refused("NotFound", lifecycleMessages.orderMissing))
    expect(await s.run(runnerQr(actorOf(runnerA), door.id))).toMatchObject(refused("StateConflict", errandMessages.takeawayFailed))
  })

  it("a type-1 order is collected only at the station; a type-3 order keeps the runner's photo when collected", async () => {
    const s = setup()
    const o = s.place()
    const shop = s.place({ type: 3 })
    for (const x of [o, shop]) await s.run(grabOrder(actorOf(runnerA), x.orderNo))
    expect(await s.run(sayTakeaway(actorOf(runnerA), o.id))).toMatchObject(refused("StateConflict", lifecycleMessages.collectAtStation))
    expect(await s.run(confirmTakeaway(actorOf(runnerA), o.id, undefined, false))).toMatchObject(refused("StateConflict", lifecycleMessages.collectAtStation))
    expect(s.order(o.id).status).toBe(1)
    expect((await s.run(confirmTakeaway(actorOf(runnerA), shop.id, `/sign/20261120/${PIC}`, false))).ok).toBe(true)
    expect(s.order(shop.id)).toMatchObject({ status: 2, goodsPic: `/sign/20261120/${PIC}` })
  })

  it("a paid order's cancel gives no activity place back (only an unpaid one's does)", async () => {
    const s = setup()
    const o = s.place({ activityId: "act-1" })
    expect((await s.run(cancelOrder(actorOf(requester), o.orderNo))).ok).toBe(true)
    expect(s.world.errands.released).toEqual([])
    expect(s.world.trades.refunds).toEqual([{ tradeNo: expect.any(String), amountFen: 500 }])
  })
})

// --- model-based: random role actions and clock advances, per type --------------------------------------

type S = ReturnType<typeof setup>
interface Model { status: number; runner: string | null }
interface Real { s: S; order: ErrandOrderRecord }

const reached = new Set<string>()
const runners = [runnerA, runnerB, runnerC, otherSite, notRunner]
const tableHas = (type: ErrandType, from: number, to: number) => errandEdges.some((e) => e.types.includes(type) && e.from === from && e.to === to)

class Act implements fc.AsyncCommand<Model, Real> {
  constructor(readonly label: string, readonly chosen: ErrandPerson | "holder", readonly perform: (s: S, o: ErrandOrderRecord, who: ErrandPerson) => Effect.Effect<unknown, unknown, any>,
    /** What the model says must happen: the status it must reach, or undefined when it may be refused. */
    readonly expect: (m: Model, o: ErrandOrderRecord, who: ErrandPerson, now: Date) => number | undefined) {}
  check = () => true
  private who: ErrandPerson = runnerA
  async run(m: Model, r: Real) {
    this.who = this.chosen === "holder" ? everyone.find((p) => p.openid === m.runner) ?? runnerA : this.chosen
    const before = r.s.order(r.order.id)
    const parcelBefore = before.toTakeId ? r.s.world.parties.parcels.get(before.toTakeId) : undefined
    const must = this.expect(m, before, this.who, r.s.clock())
    const result = await r.s.run(this.perform(r.s, before, this.who))
    const after = r.s.order(r.order.id)
    if (result.ok) {
      expect(tableHas(before.type, before.status, after.status), `${this.toString()}: ${before.status} → ${after.status}`).toBe(true)
      m.status = after.status
      reached.add(`${after.type}:${after.status}`)
      m.runner = after.accept?.openid ?? null
    } else {
      expect(after).toEqual(before)
      if (before.toTakeId) expect(r.s.world.parties.parcels.get(before.toTakeId)).toEqual(parcelBefore)
    }
    if (must !== undefined) expect({ cmd: this.toString(), status: after.status }).toEqual({ cmd: this.toString(), status: must })
    expect(after.status).toBe(m.status)
  }
  toString = () => `${this.label} by ${this.chosen === "holder" ? "holder" : this.chosen.id}`
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}
  check = () => true
  async run(_: Model, r: Real) { r.s.advance(this.minutes) }
  toString = () => `advance ${this.minutes} min`
}

const atStation = (s: S, o: ErrandOrderRecord, who: ErrandPerson) => {
  // Staff hand the parcel over only to the runner named on it (the QR's poid), and only while the runner holds it.
  const parcel = o.toTakeId ? s.world.parties.parcels.get(o.toTakeId) : undefined
  if (!parcel || parcel.status !== 4 || parcel.runnerOpenid !== who.openid) return Effect.fail("not at the station for this runner")
  s.world.parties.parcels.set(o.toTakeId!, { ...parcel, status: 5 })
  return collectedAtStation("staff", o.toTakeId!, "w1")
}

const eligible = (who: ErrandPerson) => who.paotuiStatus === 1 && who.worksiteId === "w1"

const commandsFor = (type: ErrandType) => {
  const anyone = fc.constantFrom(...everyone)
  const holderOr = fc.oneof({ weight: 3, arbitrary: fc.constant<"holder">("holder") }, { weight: 1, arbitrary: fc.constantFrom(...runners, leader) })
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...runners, leader).map((who) => new Act("grab", who, (_, o, w) => grabOrder(actorOf(w), o.orderNo),
      (m, o, w, now) => (m.status === 0 && eligible(w) && (o.sexLimit === -1 || o.sexLimit === w.sex) && now <= o.requireArriveTime ? 1 : m.status))) },
    { weight: 1, arbitrary: anyone.map((who) => new Act("cancel", who, (_, o, w) => cancelOrder(actorOf(w), o.orderNo),
      (m, _o, w) => ((m.status === 0 || m.status === -1) && w === requester ? 4 : m.status))) },
    { weight: 1, arbitrary: fc.tuple(holderOr, fc.constantFrom(1, 2), fc.constantFrom("临时有事去不了", "忙")).map(([who, t, reason]) =>
      new Act(`release(${t},${reason})`, who, (_, o, w) => runnerCancel(actorOf(w), o.orderNo, t, reason),
        (m, _o, w) => (m.runner !== w.openid || reason.length < 5 ? m.status : undefined))) },
    { weight: 3, arbitrary: holderOr.map((who) => new Act("station", who, (s, o, w) => atStation(s, o, w), (m, _o, w) => (type === 1 && m.status === 1 && m.runner === w.openid ? 2 : m.status))) },
    { weight: 3, arbitrary: fc.oneof(fc.constant<"holder">("holder"), fc.constantFrom(requester, ...runners)).map((who) => new Act("takeaway", who, (_, o, w) => sayTakeaway(actorOf(w), o.id),
      (m, _o, w) => (type === 1 ? m.status : m.status === 1 && (type === 2 ? w === requester : m.runner === w.openid) ? 2 : m.status))) },
    { weight: 3, arbitrary: fc.tuple(holderOr, fc.boolean()).map(([who, daofu]) => new Act(`confirmTakeaway(${daofu})`, who, (_, o, w) => confirmTakeaway(actorOf(w), o.id, w === runnerA ? `/sign/20261120/${PIC}` : "", daofu),
      (m, _o, w) => (m.runner !== w.openid ? m.status : undefined))) },
    { weight: 3, arbitrary: holderOr.map((who) => new Act("delivered", who, (_, o, w) => markDelivered(actorOf(w), o.id),
      (m, _o, w) => (type !== 2 && m.status === 2 && m.runner === w.openid ? 3 : m.status))) },
    { weight: 3, arbitrary: anyone.map((who) => new Act("confirmReceipt", who, (_, o, w) => confirmReceipt(actorOf(w), { id: o.id }),
      (m, _o, w) => (type !== 2 && (m.status === 2 || m.status === 3) && w === requester ? 100 : m.status))) },
    { weight: 1, arbitrary: fc.constantFrom(leader, runnerA, requester).map((who) => new Act("leaderSign", who, (_, o, w) => leaderSign(actorOf(w), o.id),
      (m, _o, w) => (type !== 2 && [1, 2, 3].includes(m.status) && w === leader ? 100 : m.status))) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 90 }).map((n) => new Advance(n)) }
  )
}

describe.each(ERRAND_TYPES.map((t) => [t]))("the use cases of a type-%s order", (type) => {
  test.prop([fc.constantFrom(0, 1, 250, 800), fc.constantFrom<-1 | 1 | 2>(-1, -1, 1, 2), fc.commands([commandsFor(type)], { maxCommands: 60, size: "max" })], { numRuns: 250 })(
    "random role actions and clock advances take only the table's edges, move the parcel with the order and conserve money",
    async (payFee, sexLimit, cmds) => {
      const s = setup()
      const order = s.place({ type, payFee, sexLimit })
      await fc.asyncModelRun(() => ({ model: { status: 0, runner: null }, real: { s, order } }), cmds)
      const o = s.order(order.id)
      const credited = s.world.wallet.ledger.filter((e) => e.refId === o.id).reduce((sum, e) => sum + e.money, 0)
      const refunded = s.world.trades.refunds.reduce((sum, r) => sum + r.amountFen, 0)
      // The requester's payment = refunds + the runner's income + what is still held; nothing is held once final.
      expect(o.paid).toBe(payFee)
      expect([o.runnerIncome, o.refunded]).toEqual([credited, refunded])
      const held = o.paid - o.refunded - o.runnerIncome
      expect(held).toBeGreaterThanOrEqual(0)
      if (o.status === 4 || o.status === 100) expect(held).toBe(0)
      // a door pickup's send order stands where its errand's status pairs it, whatever the actions were
      if (type === 2) expect([o.status, s.world.sendOrders.statusOf(o.id)]).toEqual(doorPickupPairs.find(([e]) => e === o.status))
      if (type === 1) {
        const parcel = s.world.parties.parcels.get(o.toTakeId!)!
        expect(parcel.status).toBe(parcelStatusOfErrand[o.status])
        expect(parcel.runnerOpenid).toBe([1, 2, 3, 100].includes(o.status) ? o.accept?.openid : null)
      }
    }
  )
})

it("the random runs reach every status the use cases lead each type to", () => {
  const expected = ["1:1", "1:2", "1:3", "1:4", "1:100", "1:0", "2:1", "2:2", "2:3", "2:20", "2:4", "3:1", "3:2", "3:3", "3:4", "3:100", "4:2", "4:3", "4:100"]
  expect([...reached].sort()).toEqual(expect.arrayContaining(expected))
})

describe("the operations log", () => {
  /**
   * Every call of a use case that changes an order writes exactly one operation naming that order, with the order's new
   * status, under its caller, at the step's time; a refused call writes none. A use case that writes without logging fails here.
   */
  it("holds one line for each change of an order, none for a refusal", async () => {
    const s = setup()
    const a = s.place({ payFee: 600 })
    const b = s.place({ sexLimit: 1 })
    const c = s.place({ payFee: 450 })
    const d = s.place({ type: 2 })
    const v = s.place({ payFee: 300 })
    const steps: ReadonlyArray<readonly [string, ErrandOrderRecord, () => Effect.Effect<unknown, unknown, any>]> = [
      ["grabErrand", a, () => grabOrder(actorOf(runnerA), a.orderNo)],
      ["grabErrand", a, () => grabOrder(actorOf(runnerC), a.orderNo)],
      ["errandCollected", a, () => Effect.sync(() => s.world.parties.parcels.set(a.toTakeId!, { status: 5, runnerOpenid: runnerA.openid }))
        .pipe(Effect.andThen(collectedAtStation("staff-openid", a.toTakeId!, "w1")))],
      ["errandDelivered", a, () => markDelivered(actorOf(runnerB), a.id)],
      ["errandDelivered", a, () => markDelivered(actorOf(runnerA), a.id)],
      ["confirmErrandReceipt", a, () => confirmReceipt(actorOf(requester), { orderNo: a.orderNo })],
      ["grabErrand", b, () => grabOrder(actorOf(runnerA), b.orderNo)],
      ["releaseErrand", b, () => runnerCancel(actorOf(runnerA), b.orderNo, 1, "有事")],
      ["releaseErrand", b, () => runnerCancel(actorOf(runnerA), b.orderNo, 1, "临时有事去不了")],
      ["grabErrand", b, () => grabOrder(actorOf(runnerC), b.orderNo)],
      ["leaderSignErrand", b, () => leaderSign(actorOf(runnerC), b.id)],
      ["leaderSignErrand", b, () => leaderSign(actorOf(leader), b.id)],
      ["cancelErrand", c, () => cancelOrder(actorOf(stranger), c.orderNo)],
      ["cancelErrand", c, () => cancelOrder(actorOf(requester), c.orderNo)],
      ["grabErrand", d, () => grabOrder(actorOf(runnerA), d.orderNo)],
      ["errandTakeaway", d, () => sayTakeaway(actorOf(requester), d.id)],
      ["confirmErrandTakeaway", d, () => confirmTakeaway(actorOf(runnerA), d.id, `/sign/20261120/${PIC}`, false)],
      ["voidErrand", v, () => Effect.sync(() => s.advance(241)).pipe(Effect.andThen(voidUnacceptedErrand(v.id)))]
    ]
    for (const [op, order, step] of steps) {
      const before = { ...s.order(order.id) }
      const lines = s.ports.ops.length
      const result = await s.run(step())
      const after = s.order(order.id)
      const written = s.ports.ops.slice(lines)
      if (JSON.stringify(after) === JSON.stringify(before)) {
        expect({ op, result: result.ok, written }).toEqual({ op, result: false, written: [] })
      } else {
        expect(written).toEqual([expect.objectContaining({ op, at: s.clock(), outcome: { id: order.id, status: after.status } })])
      }
    }
    expect(s.ports.ops.map((o) => o.op)).toEqual([
      "grabErrand", "errandCollected", "errandDelivered", "confirmErrandReceipt", "grabErrand", "releaseErrand", "grabErrand", "leaderSignErrand",
      "cancelErrand", "grabErrand", "errandTakeaway", "confirmErrandTakeaway", "voidErrand"
    ])
    expect(s.ports.ops.map((o) => o.actorOpenid)).toEqual([
      runnerA.openid, "staff-openid", runnerA.openid, requester.openid, runnerA.openid, runnerA.openid, runnerC.openid, leader.openid,
      requester.openid, runnerA.openid, requester.openid, runnerA.openid, "station-system"
    ])
  })

  it("a tip asked for twice while its prepay is open: the same trade handed out, its opening logged once", async () => {
    const s = setup()
    const o = s.place({ status: 100, toComment: true, accept: { openid: runnerA.openid, name: runnerA.name, phone: runnerA.phone } })
    // the provider answers each prepay with an id of its own
    const tip = () => payTip(actorOf(requester), o.id, 100).pipe(Effect.updateService(PayIn, (p) => ({
      ...p, prepay: ({ tradeNo }: { readonly tradeNo: string }) => Effect.succeed({ ok: true as const, prepayId: `wx-${tradeNo}` })
    })))
    const first = await s.run(tip())
    const again = await s.run(tip())
    if (!first.ok || !again.ok) throw new Error(`tip refused: ${JSON.stringify([first, again])}`)
    expect(again.value.tradeNo).toBe(first.value.tradeNo)
    expect(s.ports.ops.filter((op) => op.op === "tipPrepay").map((op) => op.outcome)).toEqual([{ tradeNo: first.value.tradeNo, prepayId: first.value.prepayId }])
  })
})
