/**
 * The sender's side of the sending use cases against the in-memory doubles (send-store.testkit.ts): the booking
 * page's setup and carriers, booking (plain and with door pickup: its type-2 errand), the sender's lists and who
 * sees an order, closing (the freight prepay closed first; a door pickup's errand cancelled through the errand
 * lifecycle, its reward refunded), the freight quote, freight set once (staff or the door pickup's runner, cash on
 * delivery) and the freight prepay. Each refusal with its class and the spec's words, what is stored, published and
 * logged.
 */
import { describe, expect, it } from "vitest"
import type { Address } from "../address/address"
import { ErrandStatus } from "../errand/status-machine"
import { messages as payMessages, TradeStatus, type Trade } from "../payment/trade"
import { refused } from "../shared/ports.testkit"
import { bookingDays } from "./booking-time"
import { messages as bookingMessages } from "./booking"
import { messages as freightMessages } from "./freight"
import {
  actorOf, clerk, contact, eastClerk, sendEvents, sendingSettings, sendingWorld, sendRecord, T0, users
} from "./send-store.testkit"
import type { SendRecord } from "./send-store"
import { messages, SendStatus } from "./status-machine"
import {
  book, bookWith, closeSending, freightQuote, payFreight, sendCompanies, sendingById, sendingByErrand, sendingByOrderNo, sendingSetup, sendList,
  setFreight, type BookingInput
} from "./use-cases"

const MIN = 60_000
const sender = actorOf(users.sender)
const runner = actorOf(users.runner)
const other = actorOf(users.other)
const notFound = refused("NotFound", "查找寄件信息出错")
const notBound = refused("NotAllowed", "请先绑定后台操作用户")

const address = (id: string, userId: string, c = contact("寄件人")): Address => ({ id, userId, isDefault: false, ...c })

/** A world whose sender has two address-book entries (a-s, a-r) and the other student one (a-x). */
const bookingWorld = (ids?: ReadonlyArray<string>) => {
  const w = sendingWorld(ids)
  w.addresses.set("a-s", address("a-s", users.sender.id, contact("寄件人")))
  w.addresses.set("a-r", address("a-r", users.sender.id, contact("收件人", "31")))
  w.addresses.set("a-x", address("a-x", users.other.id, contact("别人", "11")))
  return w
}

const plain = (over: Partial<BookingInput> = {}): BookingInput => ({
  expressCompanyId: "sf", senderAddressId: "a-s", receiverAddressId: "a-r", goodsName: "书籍", goodsCount: 2, estimateWeight: 1200, insureMoney: 50_000,
  remark: "易碎", ...over
})

const slot = bookingDays(T0)[0]!.slots[0]!
const door = (over: Partial<BookingInput> = {}): BookingInput => plain({
  requiredDoorService: true, goodsType: 3, largeCategory: "sp-1", dormBuilding: "b1", dormFloor: 3, dormRoom: " 305 ", fee: 300, paotuiRemark: "门口",
  requireArriveTime: slot.toISOString(), sexLimit: 2, ...over
})

describe("the booking page's setup and carriers", () => {
  const days = bookingDays(T0).map((d) => ({ date: d.date, slots: [...d.slots] }))
  const sfView = { _id: "sf", name: "顺丰", code: "SF", surfaceHeight: null, surfaceWidth: null, daofuAble: true }
  const ztoView = { _id: "zto", name: "中通", code: "ZTO", surfaceHeight: 150, surfaceWidth: 76, daofuAble: false }

  it("open for a verified sender: the carriers (cash on delivery for SF only), the price picture and the booking days", async () => {
    const w = sendingWorld()
    expect(days).toHaveLength(3)
    expect(await w.run(sendingSetup(sender, "tok"))).toEqual({
      ok: true,
      value: { open: true, message: null, redirect: null, worksiteId: "w1", daofuAble: true, yunfeiPic: "/price.png", companies: [sfView, ztoView], bookingDays: days }
    })
  })

  it("the real-name gate: closed with its message and the verification page to come back from", async () => {
    const w = sendingWorld()
    expect(await w.run(sendingSetup(actorOf(users.unverified), "a b"))).toEqual({
      ok: true,
      value: {
        open: false, message: "用户还没通过实名认证", redirect: "/authApply/0/expressTotakein/a%20b", worksiteId: "w1", daofuAble: true, yunfeiPic: "/price.png",
        companies: [sfView, ztoView], bookingDays: days
      }
    })
  })

  it("a worksite with sending off, without settings, or no worksite at all: not open, no redirect", async () => {
    const w = sendingWorld()
    const closed = { open: false, message: bookingMessages.notOpen, redirect: null, daofuAble: false, yunfeiPic: null, bookingDays: days }
    expect(await w.run(sendingSetup(actorOf(users.east), "t"))).toEqual({ ok: true, value: { ...closed, worksiteId: "w2", companies: [{ ...sfView, daofuAble: false }] } })
    expect(await w.run(sendingSetup(actorOf(users.north), "t"))).toEqual({ ok: true, value: { ...closed, worksiteId: "w3", companies: [] } })
    expect(await w.run(sendingSetup(actorOf(users.nowhere), "t"))).toEqual({ ok: true, value: { ...closed, worksiteId: "", companies: [] } })
  })

  it("an unknown user is not found", async () => {
    expect(await sendingWorld().run(sendingSetup({ userId: "u-?", openid: "o-?", role: "student" }, "t"))).toMatchObject(notFound)
  })

  it("the worksite's carriers by id; none where sending has no settings", async () => {
    const w = sendingWorld()
    expect(await w.run(sendCompanies("w1"))).toEqual({ ok: true, value: [sfView, ztoView] })
    expect(await w.run(sendCompanies("w3"))).toEqual({ ok: true, value: [] })
  })

  it("no cash on delivery anywhere when the worksite names no carrier for it", async () => {
    const w = sendingWorld()
    w.send.settings.set("w1", sendingSettings("w1", { daofuCarrierCode: null }))
    expect(await w.run(sendCompanies("w1"))).toEqual({ ok: true, value: [{ ...sfView, daofuAble: false }, ztoView] })
  })
})

describe("booking", () => {
  const JJ = "JJ20261120120000ABC123"
  const PT = "PT20261120120000DEF456"

  it("a plain sending: stored at 10 with the caller's address-book entries copied, its insurance fee, and logged with its new ids", async () => {
    const w = bookingWorld(["send-1", "abc123xyz"])
    const stored: SendRecord = {
      id: "send-1", orderNo: JJ, status: SendStatus.awaitingFreight, senderId: "u-s", worksiteId: "w1", companyId: "sf", doorPickup: false, runnerId: null,
      freight: null, freightWeight: null, freightPaid: false, isDaofu: false, expressNo: null, senderOpenid: "o-s", sender: contact("寄件人"),
      receiver: contact("收件人", "31"), goodsName: "书籍", goodsCount: 2, estimateWeight: 1200, insureMoney: 50_000, insureFreight: 250, remark: "易碎",
      goodsPic: null, errandId: null, pickup: null, createdAt: T0, sentAt: null
    }
    expect(await w.run(book(sender, plain()))).toEqual({ ok: true, value: stored })
    expect([...w.send.orders.values()]).toEqual([stored])
    expect(w.errands.orders.size).toBe(0)
    expect(w.ports.events).toEqual([])
    const { senderAddressId: _s, receiverAddressId: _r, ...rest } = plain()
    expect(w.ports.ops).toEqual([{
      op: "bookSending", actorOpenid: "o-s", at: T0, input: { ...rest, sender: contact("寄件人"), receiver: contact("收件人", "31") },
      outcome: { id: "send-1", orderNo: JJ, status: SendStatus.awaitingFreight, errandId: null, errandOrderNo: null }
    }])
  })

  it("with door pickup: the send order at 0 and its type-2 errand awaiting its reward, created together", async () => {
    const w = bookingWorld(["send-1", "errand-1", "abc123xyz", "def456xyz"])
    const answer = await w.run(book(sender, door()))
    const pickup = { goodsType: 3, largeCategory: "sp-1", dormBuilding: "b1", dormFloor: 3, dormRoom: "305", requireArriveTime: slot, sexLimit: 2, reward: 300, note: "门口" }
    expect(answer).toMatchObject({ ok: true, value: { id: "send-1", orderNo: JJ, status: SendStatus.pendingPayment, doorPickup: true, errandId: "errand-1", pickup } })
    expect(w.order("send-1")).toEqual(answer.ok ? answer.value : undefined)
    expect(w.errand("errand-1")).toEqual({
      id: "errand-1", orderNo: PT, type: 2, status: ErrandStatus.awaitingPayment, openid: "o-s", worksiteId: "w1", accept: null, payFee: 300, paid: 0,
      refunded: 0, runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: T0, requireArriveTime: slot, toComment: false, sexLimit: 2,
      goodsClass: 3, specialGoodId: "sp-1", buildingId: "b1", floor: 3, dormRoom: "305", proxyReceiver: null, proxyReceiverPhone: null, remark: "门口",
      toTakeId: null, fee: 300, activityId: null, prepayId: null, acceptedAt: null, finishedAt: null
    })
    expect(w.ports.ops.map((o) => o.outcome)).toEqual([{ id: "send-1", orderNo: JJ, status: SendStatus.pendingPayment, errandId: "errand-1", errandOrderNo: PT }])
  })

  it("a door pickup needs a building of the sender's worksite and one of the offered times", async () => {
    const w = bookingWorld()
    w.send.buildings.add("w2/b2")
    const cases: ReadonlyArray<readonly [Partial<BookingInput>, string]> = [
      [{ dormBuilding: "b2" }, bookingMessages.buildingRequired],
      [{ dormBuilding: "nope" }, bookingMessages.buildingRequired],
      [{ requireArriveTime: undefined }, "请选择正确的预约时间"],
      [{ requireArriveTime: "nope" }, "请选择正确的预约时间"],
      [{ requireArriveTime: new Date(slot.getTime() + 5 * MIN).toISOString() }, "请选择正确的预约时间"]
    ]
    for (const [over, message] of cases) expect(await w.run(book(sender, door(over))), JSON.stringify(over)).toMatchObject(refused("RuleViolation", message))
    expect([w.send.orders.size, w.errands.orders.size, w.ports.ops.length]).toEqual([0, 0, 0])
  })

  it("the gate: an unknown user, no worksite, sending off or unset, an unverified sender; one under review may book", async () => {
    const w = bookingWorld()
    expect(await w.run(book({ userId: "u-?", openid: "o-?", role: "student" }, plain()))).toMatchObject(notFound)
    for (const u of [users.nowhere, users.north, users.east]) {
      expect(await w.run(bookWith(actorOf(u), { ...plain(), sender: contact("a"), receiver: contact("b") })), u.id).toMatchObject(refused("NotAllowed", bookingMessages.notOpen))
    }
    expect(await w.run(bookWith(actorOf(users.unverified), { ...plain(), sender: contact("a"), receiver: contact("b") })))
      .toMatchObject(refused("NotAllowed", "用户还没通过实名认证"))
    expect(w.send.orders.size).toBe(0)
    expect(await w.run(bookWith(actorOf(users.reviewing), { ...plain(), sender: contact("a"), receiver: contact("b") }))).toMatchObject({ ok: true })
  })

  it("sender and receiver are the caller's own address-book entries; the form's checks answer the spec's words", async () => {
    const w = bookingWorld()
    const cases: ReadonlyArray<readonly [Partial<BookingInput>, string]> = [
      [{ expressCompanyId: "ems" }, bookingMessages.companyRequired],
      [{ senderAddressId: undefined }, bookingMessages.senderRequired],
      [{ senderAddressId: "a-x" }, bookingMessages.senderRequired],
      [{ receiverAddressId: "a-x" }, bookingMessages.receiverRequired],
      [{ receiverAddressId: "a-?" }, bookingMessages.receiverRequired],
      [{ isDaofu: true, expressCompanyId: "zto" }, freightMessages.daofuCarrierOnly]
    ]
    for (const [over, message] of cases) expect(await w.run(book(sender, plain(over))), JSON.stringify(over)).toMatchObject(refused("RuleViolation", message))
    expect(await w.run(bookWith(sender, { ...plain(), sender: null, receiver: contact("b") }))).toMatchObject(refused("RuleViolation", bookingMessages.senderRequired))
    expect([w.send.orders.size, w.ports.ops.length]).toEqual([0, 0])
    expect(await w.run(book(sender, plain({ isDaofu: true })))).toMatchObject({ ok: true, value: { isDaofu: true, status: SendStatus.awaitingFreight } })
  })
})

describe("the sender's lists and who sees an order", () => {
  const at = (id: string, status: SendStatus, minutes: number, over: Partial<SendRecord> = {}) =>
    sendRecord({ id, orderNo: `JJ-${id}`, status, createdAt: new Date(T0.getTime() + minutes * MIN), ...over })

  it("each tab lists the caller's own orders of its statuses, newest first; an unknown tab is refused", async () => {
    const w = sendingWorld()
    w.put(at("a", SendStatus.awaitingFreight, 1), at("b", SendStatus.awaitingOutOfStock, 3), at("c", SendStatus.pendingPayment, 2), at("d", SendStatus.outOfStock, 4),
      at("e", SendStatus.cancelled, 5), at("f", SendStatus.awaitingFreight, 6, { senderId: "u-x" }))
    const ids = async (tab: string) => {
      const r = await w.run(sendList(sender, tab))
      return r.ok ? r.value.map((o) => o.id) : r
    }
    expect(await ids("ing")).toEqual(["b", "c", "a"])
    expect(await ids("complete")).toEqual(["d"])
    expect(await ids("cancel")).toEqual(["e"])
    for (const tab of ["nope", "toString", ""]) expect(await w.run(sendList(sender, tab))).toMatchObject(refused("RuleViolation", "寄件列表类型不正确"))
  })

  it("by id, by number and by errand: the sender, the door pickup's runner and the worksite's staff; nobody else", async () => {
    const w = sendingWorld()
    const { order } = w.doorPickup(SendStatus.accepted, ErrandStatus.accepted)
    for (const who of [sender, runner, clerk]) {
      expect(await w.run(sendingById(who, "s1"))).toEqual({ ok: true, value: order })
      expect(await w.run(sendingByOrderNo(who, order.orderNo))).toEqual({ ok: true, value: order })
      expect(await w.run(sendingByErrand(who, "e1"))).toEqual({ ok: true, value: order })
    }
    for (const who of [other, eastClerk, actorOf(users.runner2)]) {
      expect(await w.run(sendingById(who, "s1"))).toMatchObject(notFound)
      expect(await w.run(sendingByOrderNo(who, order.orderNo))).toMatchObject(notFound)
      expect(await w.run(sendingByErrand(who, "e1"))).toMatchObject(notFound)
    }
    expect(await w.run(sendingById(sender, "s?"))).toMatchObject(notFound)
    expect(await w.run(sendingByOrderNo(sender, "JJ?"))).toMatchObject(notFound)
    expect(await w.run(sendingByErrand(sender, ""))).toMatchObject(notFound)
  })
})

/** An open (created) prepay of this kind for this order. */
const openTrade = (tradeNo: string, kind: Trade["kind"], refId: string, amountFen: number): Trade => ({
  tradeNo, kind, refId, userId: "u-s", amountFen, status: TradeStatus.created, prepayId: `wx-${tradeNo}`, providerRef: null, createdAt: T0,
  expiresAt: new Date(T0.getTime() + 30 * MIN), paidAt: null, refundedAt: null
})

describe("closing", () => {
  const awaitingPayment = sendRecord({ status: SendStatus.awaitingFreightPayment, freight: 1200, freightWeight: 1500 })

  it("at 20: the open freight prepay is closed at the provider first, then the order is cancelled, told and logged", async () => {
    const w = sendingWorld()
    w.put(awaitingPayment)
    w.trades.trades.set("T-f", openTrade("T-f", "freight", "s1", 1450))
    const closed = { ...awaitingPayment, status: SendStatus.cancelled }
    expect(await w.run(closeSending(sender, "s1"))).toEqual({ ok: true, value: { order: closed, message: "关闭成功" } })
    expect(w.order()).toEqual(closed)
    expect(w.trades.trades.get("T-f")?.status).toBe(TradeStatus.expired)
    expect(w.ports.events).toEqual(sendEvents(closed, ["paotuiOrderCancel"]))
    expect(w.ports.ops).toEqual([{ op: "closeSending", actorOpenid: "o-s", at: T0, input: { id: "s1" }, outcome: { id: "s1", status: SendStatus.cancelled } }])
  })

  it("a freight prepay paid at the provider meanwhile: '正在支付中', the order stays", async () => {
    const w = sendingWorld()
    w.put(awaitingPayment)
    w.trades.trades.set("T-f", openTrade("T-f", "freight", "s1", 1450))
    w.trades.paidAtProvider.add("T-f")
    expect(await w.run(closeSending(sender, "s1"))).toMatchObject(refused("StateConflict", payMessages.payingNow))
    expect([w.order(), w.ports.ops, w.ports.events]).toEqual([awaitingPayment, [], []])
  })

  it("only the sender, only at 0, 1 or 20: anything else '关闭失败', someone else's order not found", async () => {
    const w = sendingWorld()
    for (const status of [SendStatus.awaitingFreight, SendStatus.awaitingNumber, SendStatus.awaitingOutOfStock, SendStatus.outOfStock, SendStatus.cancelled]) {
      w.put(sendRecord({ status }))
      expect(await w.run(closeSending(sender, "s1")), String(status)).toMatchObject(refused("StateConflict", messages.closeFailed))
    }
    w.put(awaitingPayment)
    expect(await w.run(closeSending(other, "s1"))).toMatchObject(notFound)
    expect(await w.run(closeSending(sender, "s?"))).toMatchObject(notFound)
    expect([w.order(), w.ports.ops]).toEqual([awaitingPayment, []])
  })

  it("a paid order moved on meanwhile (its payment notice settled first): '关闭失败', nothing kept", async () => {
    const w = sendingWorld()
    w.put(awaitingPayment)
    w.race(() => w.put({ ...awaitingPayment, status: SendStatus.awaitingNumber, freightPaid: true }))
    expect(await w.run(closeSending(sender, "s1"))).toMatchObject(refused("StateConflict", messages.closeFailed))
    expect([w.order()?.status, w.ports.ops, w.ports.events]).toEqual([SendStatus.awaitingNumber, [], []])
  })

  describe("a door pickup", () => {
    it("unpaid: its errand is cancelled through the errand lifecycle, its open reward prepay closed, the send order follows", async () => {
      const w = sendingWorld()
      const { order } = w.doorPickup(SendStatus.pendingPayment, ErrandStatus.awaitingPayment)
      w.trades.trades.set("T-open", openTrade("T-open", "errand", "e1", 300))
      const closed = { ...order, status: SendStatus.cancelled }
      expect(await w.run(closeSending(sender, "s1"))).toEqual({ ok: true, value: { order: closed, message: "关闭成功" } })
      expect(w.order()).toEqual(closed)
      expect(w.errand()).toMatchObject({ status: ErrandStatus.cancelled, paid: 0, refunded: 0, finishedAt: T0 })
      expect(w.trades.trades.get("T-open")?.status).toBe(TradeStatus.expired)
      expect(w.ports.events.map((e) => [e.room, e.name])).toEqual([
        [{ user: "u-s" }, "paotuiOrderCancel"], [{ hall: "w1", pickup: true }, "paotuiOrderCancel"], [{ worksite: "w1" }, "paotuiOrderCancel"]
      ])
      expect(w.ports.ops).toEqual([{ op: "closeSending", actorOpenid: "o-s", at: T0, input: { id: "s1" }, outcome: { id: "s1", status: SendStatus.cancelled } }])
    })

    it("paid, in the hall: the reward is refunded through the pay-in port", async () => {
      const w = sendingWorld()
      w.doorPickup(SendStatus.taskPosted, ErrandStatus.awaitingAcceptance)
      expect(await w.run(closeSending(sender, "s1"))).toMatchObject({ ok: true, value: { order: { status: SendStatus.cancelled }, message: "关闭成功" } })
      expect(w.errand()).toMatchObject({ status: ErrandStatus.cancelled, paid: 300, refunded: 300 })
      expect(w.trades.refunds).toEqual([{ tradeNo: "T-reward", amountFen: 300 }])
      expect(w.trades.trades.get("T-reward")?.status).toBe(TradeStatus.refunded)
    })

    it("a reward prepay paid at the provider meanwhile: the errand's '正在支付中' as it is, nothing kept", async () => {
      const w = sendingWorld()
      const { order, errand } = w.doorPickup(SendStatus.pendingPayment, ErrandStatus.awaitingPayment)
      w.trades.trades.set("T-open", openTrade("T-open", "errand", "e1", 300))
      w.trades.paidAtProvider.add("T-open")
      expect(await w.run(closeSending(sender, "s1"))).toMatchObject(refused("StateConflict", payMessages.payingNow))
      expect([w.order(), w.errand(), w.ports.ops]).toEqual([order, errand, []])
    })

    it("an errand cancel that conflicts (its send order not where the edge expects) is the close's '关闭失败', nothing kept", async () => {
      const w = sendingWorld()
      const { errand } = w.doorPickup(SendStatus.taskPosted, ErrandStatus.awaitingPayment)
      expect(await w.run(closeSending(sender, "s1"))).toMatchObject(refused("StateConflict", messages.closeFailed))
      expect([w.order()?.status, w.errand(), w.ports.events, w.ports.ops]).toEqual([SendStatus.taskPosted, errand, [], []])
    })

    it("an errand refusal that is not a conflict is answered as the errand gave it", async () => {
      const w = sendingWorld()
      w.doorPickup(SendStatus.taskPosted, ErrandStatus.awaitingAcceptance, {}, { openid: "o-x" })
      expect(await w.run(closeSending(sender, "s1"))).toMatchObject(refused("NotAllowed", "取消失败"))
      expect(w.order()?.status).toBe(SendStatus.taskPosted)
    })

    it("with a runner on it: '关闭失败' (grabbed at 2, or at 20 awaiting its freight)", async () => {
      for (const [send, errand] of [[SendStatus.accepted, ErrandStatus.accepted], [SendStatus.awaitingFreightPayment, ErrandStatus.awaitingFreightPayment]] as const) {
        const w = sendingWorld()
        const { order } = w.doorPickup(send, errand, { freight: 1200 })
        expect(await w.run(closeSending(sender, "s1")), String(send)).toMatchObject(refused("StateConflict", messages.closeFailed))
        expect(w.order()).toEqual(order)
      }
    })

    it("at 1 with its errand gone: '关闭失败', nothing kept", async () => {
      const w = sendingWorld()
      const { order } = w.doorPickup(SendStatus.taskPosted, ErrandStatus.awaitingAcceptance)
      w.errands.orders.clear()
      expect(await w.run(closeSending(sender, "s1"))).toMatchObject(refused("StateConflict", messages.closeFailed))
      expect([w.order(), w.ports.events, w.ports.ops]).toEqual([order, [], []])
    })

    it("at 1 with its errand no longer in the hall: the send table's close has no errand edge, so the whole step fails", async () => {
      const w = sendingWorld()
      const { order, errand } = w.doorPickup(SendStatus.taskPosted, ErrandStatus.accepted, { runnerId: null })
      expect(await w.run(closeSending(sender, "s1"))).toMatchObject(refused("StateConflict", messages.closeFailed))
      expect([w.order(), w.errand(), w.ports.events, w.ports.ops]).toEqual([order, errand, [], []])
    })
  })
})

describe("the freight quote", () => {
  const world = () => {
    const w = sendingWorld()
    w.send.tariff.push(
      { worksiteId: "w1", companyCode: "SF", toProvinceCode: "44", firstKg: 1000, extraKg: 200 },
      { worksiteId: "w1", companyCode: "ZTO", toProvinceCode: "31", firstKg: 800, extraKg: 400 },
      { worksiteId: "w2", companyCode: "SF", toProvinceCode: "44", firstKg: 500, extraKg: 100 }
    )
    return w
  }

  it("the worksite's row for the carrier and the destination province (its first two digits): first kilogram plus each started one", async () => {
    const w = world()
    expect(await w.run(freightQuote({ worksiteId: "w1", expressCode: "SF", toProvinceCode: "440100", freightWeight: 1000 }))).toEqual({ ok: true, value: 1000 })
    expect(await w.run(freightQuote({ worksiteId: "w1", expressCode: "SF", toProvinceCode: "44", freightWeight: 1001 }))).toEqual({ ok: true, value: 1200 })
    expect(await w.run(freightQuote({ worksiteId: "w1", expressCode: "ZTO", toProvinceCode: "31", freightWeight: 3000 }))).toEqual({ ok: true, value: 1600 })
    expect(await w.run(freightQuote({ worksiteId: "w2", expressCode: "SF", toProvinceCode: "44", freightWeight: 1000 }))).toEqual({ ok: true, value: 500 })
  })

  it("anything missing or unknown: '自动计算运费失败，请手动输入。'", async () => {
    const w = world()
    const q = { worksiteId: "w1", expressCode: "SF", toProvinceCode: "44", freightWeight: 1000 }
    for (const over of [{ worksiteId: undefined }, { worksiteId: "w3" }, { expressCode: undefined }, { expressCode: "EMS" }, { toProvinceCode: undefined },
      { toProvinceCode: "31" }, { freightWeight: undefined }, { freightWeight: 0 }]) {
      expect(await w.run(freightQuote({ ...q, ...over })), JSON.stringify(over)).toMatchObject(refused("RuleViolation", freightMessages.autoFreightFailed))
    }
  })
})

describe("setting the freight", () => {
  const entry = { id: "s1", expressCompanyId: "sf", freightWeight: 1500, freight: 1200 }

  it("staff of the worksite, pay now: 10 → 20 with carrier, freight and weight; the sender and the worksite told; logged", async () => {
    const w = sendingWorld()
    // a photo already on the order stays when the entry brings none
    w.put(sendRecord({ companyId: "zto", goodsPic: "/sign/20261119/old.jpg" }))
    const set = sendRecord({ status: SendStatus.awaitingFreightPayment, companyId: "sf", freight: 1200, freightWeight: 1500, goodsPic: "/sign/20261119/old.jpg" })
    expect(await w.run(setFreight(clerk, entry))).toEqual({ ok: true, value: { order: set, message: "计费成功待支付" } })
    expect(w.order()).toEqual(set)
    expect(w.ports.events).toEqual(sendEvents(set, ["freightUpdated", "freightUpdate"]))
    expect(w.ports.ops).toEqual([{
      op: "setFreight", actorOpenid: "staff-o", at: T0, input: { ...entry, isDaofu: false },
      outcome: { id: "s1", status: SendStatus.awaitingFreightPayment, freight: 1200, isDaofu: false }
    }])
  })

  it("cash on delivery: 10 → 4 with no freight, '到付成功待打印'; only where the worksite offers it and for its carrier", async () => {
    const w = sendingWorld()
    w.put(sendRecord())
    expect(await w.run(setFreight(clerk, { id: "s1", expressCompanyId: "zto", isDaofu: true }))).toMatchObject(refused("RuleViolation", freightMessages.daofuCarrierOnly))
    const set = sendRecord({ status: SendStatus.awaitingNumber, isDaofu: true })
    expect(await w.run(setFreight(clerk, { id: "s1", expressCompanyId: "sf", isDaofu: true }))).toEqual({ ok: true, value: { order: set, message: "到付成功待打印" } })
    expect(w.order()).toEqual(set)
    expect(w.ports.events).toEqual(sendEvents(set, ["freightPaySuccessDaofu"]))
    expect(w.ports.ops).toEqual([{
      op: "setFreight", actorOpenid: "staff-o", at: T0, input: { id: "s1", expressCompanyId: "sf", freightWeight: null, freight: null, isDaofu: true },
      outcome: { id: "s1", status: SendStatus.awaitingNumber, freight: null, isDaofu: true }
    }])

    const east = sendingWorld()
    east.put(sendRecord({ worksiteId: "w2" }))
    expect(await east.run(setFreight(eastClerk, { id: "s1", expressCompanyId: "sf", isDaofu: true }))).toMatchObject(refused("RuleViolation", freightMessages.daofuClosed))
  })

  it("the entry's checks in order, each with its words (a runner is asked for the freight, staff to quote or type it)", async () => {
    const w = sendingWorld()
    w.put(sendRecord())
    const cases: ReadonlyArray<readonly [object, string]> = [
      [{ expressCompanyId: undefined }, freightMessages.companyRequired],
      [{ freightWeight: undefined }, freightMessages.weightRequired],
      [{ freight: undefined }, freightMessages.staffFreightRequired],
      [{ freightWeight: 100_001 }, freightMessages.weightTooHigh],
      [{ freight: 100_001 }, freightMessages.freightTooHigh],
      [{ expressCompanyId: "ems" }, freightMessages.companyRequired]
    ]
    for (const [over, message] of cases) expect(await w.run(setFreight(clerk, { ...entry, ...over })), JSON.stringify(over)).toMatchObject(refused("RuleViolation", message))
    expect([w.order(), w.ports.ops]).toEqual([sendRecord(), []])

    const pickupWorld = sendingWorld()
    pickupWorld.doorPickup(SendStatus.awaitingFreight, ErrandStatus.delivered)
    expect(await pickupWorld.run(setFreight(runner, { ...entry, freight: undefined }))).toMatchObject(refused("RuleViolation", freightMessages.freightRequired))
  })

  it("who may: not an unknown order, not a stranger, not another worksite's staff; a worksite without settings is not open", async () => {
    const w = sendingWorld()
    w.put(sendRecord())
    expect(await w.run(setFreight(clerk, { ...entry, id: undefined }))).toMatchObject(notFound)
    expect(await w.run(setFreight(clerk, { ...entry, id: "s?" }))).toMatchObject(notFound)
    expect(await w.run(setFreight(other, entry))).toMatchObject(notBound)
    expect(await w.run(setFreight(sender, entry))).toMatchObject(notBound)
    expect(await w.run(setFreight(eastClerk, entry))).toMatchObject(refused("NotAllowed", messages.notYourWorksite))
    w.put(sendRecord({ worksiteId: "w3" }))
    expect(await w.run(setFreight(clerk, entry))).toMatchObject(refused("NotAllowed", bookingMessages.notOpen))
    expect(w.ports.ops).toEqual([])
  })

  it("set once: a second entry '更新运费失败'; a rival's entry written first wins and this one keeps nothing", async () => {
    const w = sendingWorld()
    w.put(sendRecord())
    expect(await w.run(setFreight(clerk, entry))).toMatchObject({ ok: true })
    expect(await w.run(setFreight(clerk, { ...entry, freight: 999 }))).toMatchObject(refused("StateConflict", messages.freightUpdateFailed))
    expect(w.order()?.freight).toBe(1200)

    const race = sendingWorld()
    race.put(sendRecord())
    const rival = sendRecord({ status: SendStatus.awaitingFreightPayment, freight: 2000, freightWeight: 2000 })
    race.race(() => race.put(rival))
    expect(await race.run(setFreight(clerk, entry))).toMatchObject(refused("StateConflict", messages.freightUpdateFailed))
    expect([race.order(), race.ports.events, race.ports.ops]).toEqual([rival, [], []])
  })

  it("the goods photo: the caller's own upload, kept as its served path; anyone else's refused", async () => {
    const w = sendingWorld()
    w.put(sendRecord())
    const file = `${"a".repeat(32)}.jpg`
    w.uploads.push({ id: "up1", userId: "u-staff", field: "fileVal", dateFolder: "20261120", fileName: file, bytes: 10, ocr: null, createdAt: T0 })
    expect(await w.run(setFreight(other, { ...entry, goodsPic: `/sign/20261120/${file}` }))).toMatchObject(notBound)
    expect(await w.run(setFreight(clerk, { ...entry, goodsPic: "pic.jpg" }))).toMatchObject(refused("RuleViolation", "请上传图片"))
    expect(await w.run(setFreight(clerk, { ...entry, goodsPic: `https://cdn.example.com/sign/20261120/${file}` })))
      .toMatchObject({ ok: true, value: { order: { goodsPic: `/sign/20261120/${file}`, status: SendStatus.awaitingFreightPayment } } })
    expect(w.order()?.goodsPic).toBe(`/sign/20261120/${file}`)
  })

  describe("of a door pickup", () => {
    it("its runner sets it: the errand moves with it (3 → 10, its freight) and the runner is told too", async () => {
      const w = sendingWorld()
      w.doorPickup(SendStatus.awaitingFreight, ErrandStatus.delivered)
      const answer = await w.run(setFreight(runner, entry))
      const set = { ...w.order()!, status: SendStatus.awaitingFreightPayment }
      expect(answer).toEqual({ ok: true, value: { order: set, message: "计费成功待支付" } })
      expect(set).toMatchObject({ freight: 1200, freightWeight: 1500, runnerId: "u-r" })
      expect(w.errand()).toMatchObject({ status: ErrandStatus.awaitingFreightPayment, freight: 1200 })
      expect(w.ports.events).toEqual(sendEvents(set, ["freightUpdated", "freightUpdate"], "u-r"))
      expect(w.ports.ops.map((o) => [o.op, o.actorOpenid])).toEqual([["setFreight", "o-r"]])
    })

    it("staff choose cash on delivery: the errand takes its own edge 3 → 20, the send order 10 → 4", async () => {
      const w = sendingWorld()
      w.doorPickup(SendStatus.awaitingFreight, ErrandStatus.delivered)
      expect(await w.run(setFreight(clerk, { id: "s1", expressCompanyId: "sf", isDaofu: true })))
        .toMatchObject({ ok: true, value: { order: { status: SendStatus.awaitingNumber, isDaofu: true, freight: null }, message: "到付成功待打印" } })
      expect(w.errand()?.status).toBe(ErrandStatus.freightPaid)
    })

    it("another runner is neither its runner nor staff; its errand not at the matching step fails the whole step", async () => {
      const w = sendingWorld()
      const { order } = w.doorPickup(SendStatus.awaitingFreight, ErrandStatus.delivered)
      expect(await w.run(setFreight(actorOf(users.runner2), entry))).toMatchObject(notBound)
      w.errands.orders.set("e1", { ...w.errand()!, status: ErrandStatus.collected })
      expect(await w.run(setFreight(runner, entry))).toMatchObject(refused("StateConflict", messages.freightUpdateFailed))
      expect([w.order(), w.errand()?.status, w.ports.events, w.ports.ops]).toEqual([order, ErrandStatus.collected, [], []])
      w.errands.orders.delete("e1")
      expect(await w.run(setFreight(clerk, entry))).toMatchObject(refused("StateConflict", messages.freightUpdateFailed))
      expect(w.order()).toEqual(order)
    })
  })
})

describe("paying the freight", () => {
  const due = sendRecord({ status: SendStatus.awaitingFreightPayment, freight: 1200, freightWeight: 1500 })

  it("opens a freight trade of the freight and the insurance fee, described with the order's number", async () => {
    const w = sendingWorld(["t1"])
    w.put(due)
    const tradeNo = `P${T0.getTime()}t1`
    expect(await w.run(payFreight(sender, "s1"))).toEqual({ ok: true, value: { prepayId: `wx-${tradeNo}`, tradeNo, totalFee: 1450 } })
    expect(w.prepays).toEqual([{ tradeNo, amountFen: 1450, description: `寄件运费 ${due.orderNo}`, openid: "o-s", expiresAt: new Date(T0.getTime() + 30 * MIN) }])
    expect(w.trades.trades.get(tradeNo)).toMatchObject({ kind: "freight", refId: "s1", userId: "u-s", amountFen: 1450, status: TradeStatus.created, prepayId: `wx-${tradeNo}` })
    expect(w.order()).toEqual(due)
    // logged under the sender with what came from outside: the trade number and the provider's prepay id
    expect(w.ports.ops).toEqual([{
      op: "freightPrepay", actorOpenid: "o-s", at: T0, input: { id: "s1" }, outcome: { id: "s1", tradeNo, prepayId: `wx-${tradeNo}`, amountFen: 1450 }
    }])
  })

  it("asked again while its prepay is open: the same trade handed out, nothing new logged", async () => {
    const w = sendingWorld(["t1", "t2"])
    w.put(due)
    const first = await w.run(payFreight(sender, "s1"))
    expect(await w.run(payFreight(sender, "s1"))).toEqual(first)
    expect([w.prepays.length, w.ports.ops.length]).toEqual([1, 1])
  })

  it("uninsured: the freight alone", async () => {
    const w = sendingWorld(["t1"])
    w.put({ ...due, insureMoney: 0, insureFreight: 0 })
    expect(await w.run(payFreight(sender, "s1"))).toMatchObject({ ok: true, value: { totalFee: 1200 } })
  })

  it("only the sender's order, only at 20 with a freight to pay: '操作失败' otherwise", async () => {
    const w = sendingWorld()
    w.put(due)
    expect(await w.run(payFreight(other, "s1"))).toMatchObject(notFound)
    expect(await w.run(payFreight(sender, "s?"))).toMatchObject(notFound)
    for (const over of [{ status: SendStatus.awaitingFreight }, { status: SendStatus.awaitingNumber, freightPaid: true }, { isDaofu: true }, { freightPaid: true },
      { freight: null }]) {
      w.put({ ...due, ...over })
      expect(await w.run(payFreight(sender, "s1")), JSON.stringify(over)).toMatchObject(refused("StateConflict", messages.actionFailed))
    }
    expect([w.prepays, w.trades.trades.size, w.ports.ops]).toEqual([[], 0, []])
  })
})
