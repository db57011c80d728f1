import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { EmployeeStore } from "../staff/staff-store"
import type { Worksite } from "../staff/worksite"
import { memoryNoticePreferences } from "../notice/notice-store.testkit"
import { ParcelStatus } from "./parcel"
import { Catalogue, ParcelStore, People, QrSigner, type CheckInFollowUps, type CollectParcel, type ParcelRecord, type Person } from "./parcel-store"
import { clerk, parcelRecord, parcelStoreWith, staff, worksite } from "./parcel-store.testkit"
import { signedText, type UnsignedQr } from "./pickup-qr"
import { personSignedText, type UnsignedPersonQr } from "./person-qr"
import { personalPickupQr } from "./receiver"
import { checkIn, checkPersonQr, checkQr, checkScannedQr, handOver, receiversByLast4, takePart } from "./use-cases"

const HOUR = 3_600_000
const now = new Date("2026-03-02T04:00:00Z")
const liMing: Person = {
  id: "u1", openid: "o1", phoneMain: "13900139000", phoneVice: null, realname: "李明", nickname: "小李", subscribe: true, worksiteId: "w1"
}
const stranger: Person = { ...liMing, id: "u9", openid: "o9", phoneMain: "13700137000", realname: null, nickname: "路人", worksiteId: "w2" }
const phoneless: Person = { ...liMing, id: "u8", openid: "o8", phoneMain: null }

const parcel = (over: Partial<ParcelRecord> = {}): ParcelRecord => parcelRecord(new Date(now.getTime() - HOUR), { agentOpenid: "friend-o", ...over })

interface StationOptions {
  readonly parcels?: ReadonlyArray<ParcelRecord>
  readonly worksite?: Worksite
  readonly freeTag?: number | undefined
  readonly movable?: boolean
  /** The notice kinds each user turned off. */
  readonly noticesOff?: Parameters<typeof memoryNoticePreferences>[0]
}

const station = (options: StationOptions = {}) => {
  const site = options.worksite ?? worksite
  const parcels: Array<ParcelRecord> = [...(options.parcels ?? [])]
  const moves: Array<readonly [string, number, number, string]> = []
  const listed: Array<readonly [string, ReadonlyArray<number>, number]> = []
  /** The follow-ups each check-in handed the store, which writes them completed with the tag and code (adapters/postgres/stores/check-in-statement.integration.test.ts). */
  const checkedIn: Array<CheckInFollowUps> = []
  const ports = recordingPorts(now, ["p-new"])
  const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
    outcome(ports.provide(memoryNoticePreferences(options.noticesOff).provide(effect)).pipe(
      Effect.provideService(EmployeeStore, {
        findByOpenid: (openid) => Effect.succeed(openid === staff.openid ? { ...staff, worksite: site } : undefined),
        findByPhone: () => Effect.succeed(undefined),
        bind: () => Effect.void
      }),
      Effect.provideService(People, {
        findById: (id) => Effect.succeed([liMing, stranger, phoneless].find((p) => p.id === id)),
        findByPhone: (worksiteId, phone) => Effect.succeed([liMing, stranger].find((p) => p.worksiteId === worksiteId && p.phoneMain === phone)),
        byPhoneSuffix: (worksiteId, last4) =>
          Effect.succeed([liMing, stranger].filter((p) => p.worksiteId === worksiteId && p.phoneMain?.endsWith(last4)))
      }),
      Effect.provideService(Catalogue, {
        expressCompanies: (ids) => Effect.succeed([{ _id: "sf", name: "顺丰" }, { _id: "yt", name: "圆通" }].filter((c) => ids?.includes(c._id))),
        dictValues: (dict) => Effect.succeed(dict === "weightFeeType" ? [{ _id: "light", name: "小件" }] : [])
      }),
      Effect.provideService(ParcelStore, parcelStoreWith({
        checkIn: (draft, followUps) => Effect.sync(() => {
          const tag = "freeTag" in options ? options.freeTag : 42
          if (tag === undefined) return "shelvesFull" as const
          if (parcels.some((q) => q.worksiteId === draft.worksiteId && q.expressNo === draft.expressNo)) return "duplicateExpressNo" as const
          parcels.push({ ...draft, tag })
          checkedIn.push(followUps)
          return { tag }
        }),
        findById: (id) => Effect.succeed(parcels.find((p) => p.id === id)),
        safekeepingTerms: () => Effect.succeed(site.safekeeping),
        findAtShelf: (key) => Effect.succeed(parcels.find((p) =>
          p.worksiteId === key.worksiteId && p.expressNo === key.expressNo && p.storageNo === key.storageNo && p.tag === key.tag)),
        moveStatus: (id, from, to, signOpenid) => Effect.sync(() => {
          moves.push([id, from, to, signOpenid])
          return options.movable ?? true
        }),
        listForReceiver: (userId, statuses, page) => Effect.sync(() => {
          listed.push([userId, statuses, page as number])
          return { list: [], total: 0, page, pageSize: 10 } as never
        }),
        listForHolder: (userId, statuses, page, worksiteId) => Effect.sync(() => {
          const held = parcels.map(collectable).filter((p) =>
            (p.receiverId === userId || p.agentId === userId) && statuses.includes(p.status) && (worksiteId === undefined || p.worksiteId === worksiteId))
          const n = typeof page === "number" ? page : page.pageNumber + 1
          return { results: held.slice((n - 1) * 10, n * 10), pageNumber: n, pageCount: Math.ceil(held.length / 10), recordCount: held.length }
        }),
        findToCollect: (id) => Effect.succeed(parcels.filter((p) => p.id === id).map(collectable)[0]),
        collectRules: () => Effect.succeed({ selfSignAble: false, paotuiAble: false, shortName: "北门", servicePhone: "020-1234" })
      })),
      Effect.provideService(QrSigner, {
        sign: (text) => Effect.succeed(`sig(${text})`),
        verify: (text, signature) => Effect.succeed(signature === `sig(${text})`),
        image: (content) => Effect.succeed(`data:image/png;base64,${content.length}`)
      })
    ) as Effect.Effect<A, E, never>)
  return { parcels, moves, listed, checkedIn, ports, run }
}

const collectable = (p: ParcelRecord): CollectParcel => ({
  ...p, agentId: p.agentOpenid ? `id-of-${p.agentOpenid}` : null, agent: null, agentPhone: null, type: 0, deviceAddress: null, boxDoor: null, boxOpenedAt: null
})

const form = { expressCompany: "sf", storageNo: "A-03", expressNo: "SF200", weight: "light", receiverPhone: "13900139000" }

describe("check-in", () => {
  it("shelves the parcel under the tag the store hands out, gives the store the SMS, the template message and log row to write with it, tells the receiver by socket", async () => {
    const s = station()
    const answer = await s.run(checkIn(clerk, { ...form, worksite: "w1", storageNo: "shelf, A-03 ", expressNo: "x,SF200" }))
    expect(answer).toMatchObject({ ok: true, value: { code: "A-03-0042" } })
    expect(s.parcels).toEqual([{
      id: "p-new", worksiteId: "w1", expressCompanyId: "sf", expressCompanyName: "顺丰", expressNo: "SF200", storageNo: "A-03", tag: 42,
      weightId: "light", receiver: "李明", receiverId: "u1", receiverOpenid: "o1", receiverPhone: "13900139000",
      status: ParcelStatus.awaitingPickup, agentOpenid: null, paotuiOpenid: null, safekeepPaidFen: 0, createdAt: now, checkedInBy: "e1"
    }])
    expect(s.checkedIn).toEqual([{
      sms: { channel: "sms", to: "13900139000", template: "parcelArrived", params: { company: "顺丰", site: "北门", serviceTime: "08:00 - 20:00" } },
      template: { channel: "template", to: "o1", template: "parcelArrived", params: { company: "顺丰", site: "北门", serviceTime: "08:00 - 20:00" } },
      log: { op: "checkIn", actorOpenid: "staff-o", at: now, input: { ...form, worksite: "w1", storageNo: "shelf, A-03 ", expressNo: "x,SF200" }, outcome: { id: "p-new" } }
    }])
    expect(s.ports.events).toEqual([{ room: { user: "u1" }, name: "expressTotakeAdd", payload: { _id: "p-new", code: "A-03-0042" } }])
  })

  it("a typed receiver name wins; an unknown phone gets no socket event and no template message, and no SMS where the station sends none", async () => {
    const s = station({ worksite: { ...worksite, smsAble: false } })
    const answer = await s.run(checkIn(clerk, { ...form, receiver: "  王五 ", receiverPhone: "13600136000" }))
    expect(answer).toMatchObject({ ok: true, value: { parcel: { receiver: "王五", receiverId: null, receiverOpenid: null } } })
    expect(s.ports.events).toEqual([])
    expect(s.checkedIn).toMatchObject([{ sms: undefined, template: undefined, log: { op: "checkIn", outcome: { id: "p-new" } } }])
  })

  it("a receiver who turned 到件通知 off gets the station's SMS but no template message; another user's switch does not count", async () => {
    const off = station({ noticesOff: { u1: ["arrival"] } })
    expect(await off.run(checkIn(clerk, form))).toMatchObject({ ok: true })
    expect(off.checkedIn).toMatchObject([{ sms: { channel: "sms", to: "13900139000" }, template: undefined }])
    const others = station({ noticesOff: { u9: ["arrival"], u1: ["returnReminder", "errandStatus", "sendStatus"] } })
    expect(await others.run(checkIn(clerk, form))).toMatchObject({ ok: true })
    expect(others.checkedIn).toMatchObject([{ template: { channel: "template", to: "o1", template: "parcelArrived" } }])
  })

  it("the named receiver counts only at this worksite; a nickname stands in for a missing real name", async () => {
    const s = station()
    expect(await s.run(checkIn(clerk, { ...form, receiverId: "u9" }))).toMatchObject({ ok: true, value: { parcel: { receiverId: "u1", receiver: "李明" } } })
    const elsewhere = station({ worksite: { ...worksite, id: "w2" } })
    expect(await elsewhere.run(checkIn(clerk, { ...form, receiverId: "u9", receiverPhone: "13700137000" })))
      .toMatchObject({ ok: true, value: { parcel: { receiverId: "u9", receiver: "路人", worksiteId: "w2" } } })
  })

  it.each([
    [{ ...form, expressCompany: "" }, "RuleViolation", "请选择快递公司"],
    [{ ...form, receiverPhone: "1390013900" }, "RuleViolation", "请检查收件电话是否正确"],
    [{ ...form, worksite: "w2" }, "NotAllowed", "只能操作本站点的快递"],
    [{ ...form, expressCompany: "ems" }, "RuleViolation", "本站点不收该快递公司的快递"],
    [{ ...form, expressCompany: "zt" }, "RuleViolation", "请选择快递公司"],
    [{ ...form, weight: "heavy" }, "RuleViolation", "请选择大概重量"],
    [{ ...form, expressNo: "SF100" }, "StateConflict", "该快递单号已在本站入库，请勿重复入库"]
  ])("refuses %j and sends nothing", async (input, tag, message) => {
    const s = station({ parcels: [parcel()], worksite: { ...worksite, expressCompanies: ["sf", "yt", "zt"] } })
    expect(await s.run(checkIn(clerk, input))).toMatchObject(refused(tag, message))
    expect(s.parcels).toHaveLength(1)
    expect([s.checkedIn, s.ports.outbox, s.ports.events, s.ports.ops]).toEqual([[], [], [], []])
  })

  it("a full station and a caller who is no staff are refused", async () => {
    expect(await station({ freeTag: undefined }).run(checkIn(clerk, form))).toMatchObject(refused("StateConflict", "本站取件码已用完，请先处理待取快递"))
    expect(await station().run(checkIn(actor(), form))).toMatchObject(refused("NotAllowed", "请先绑定后台操作用户"))
  })
})

describe("receivers by the last 4 digits", () => {
  it("lists this worksite's people only, for its own staff, and needs 4 digits", async () => {
    const s = station()
    expect(await s.run(receiversByLast4(clerk, "w1", "9000"))).toEqual({ ok: true, value: [liMing] })
    expect(await s.run(receiversByLast4(clerk, "w2", "7000"))).toMatchObject(refused("NotAllowed", "只能操作本站点的快递"))
    for (const last4 of ["900", "90000", "9a00"]) {
      expect(await s.run(receiversByLast4(clerk, "w1", last4))).toMatchObject(refused("RuleViolation", "请检查收件电话是否正确"))
    }
  })
})

const qrOf = (unsigned: UnsignedQr) => ({ ...unsigned, sig: `sig(${signedText(unsigned)})` })
const receiverQr: UnsignedQr = { ex: "顺丰", en: "SF100", sn: "A-03", roid: "o1", re: "李明", rp: "13900139000", tag: "0007", ts: now.getTime() }

describe("checking a scanned QR", () => {
  it("answers the parcel and whether its holder may take it now", async () => {
    const s = station({ parcels: [parcel()] })
    expect(await s.run(checkQr(clerk, qrOf(receiverQr)))).toMatchObject({
      ok: true, value: { statusStr: "待取件", canTakeaway: true, role: "receiver", safekeepFee: 0, parcel: { id: "p1" } }
    })
    const { roid: _, ...rest } = receiverQr
    expect(await s.run(checkQr(clerk, qrOf({ ...rest, aoid: "friend-o" })))).toMatchObject({
      ok: true, value: { statusStr: "待取件", canTakeaway: false, role: "agent" }
    })
  })

  it("a parcel past its free hours owes the fee before it leaves", async () => {
    const s = station({ parcels: [parcel({ createdAt: new Date(now.getTime() - 73 * HOUR), safekeepPaidFen: 20 })] })
    expect(await s.run(checkQr(clerk, qrOf(receiverQr)))).toMatchObject({ ok: true, value: { statusStr: "待支付保管费", canTakeaway: false, safekeepFee: 80 } })
    const paid = station({ parcels: [parcel({ createdAt: new Date(now.getTime() - 73 * HOUR), safekeepPaidFen: 120 })] })
    expect(await paid.run(checkQr(clerk, qrOf(receiverQr)))).toMatchObject({ ok: true, value: { canTakeaway: true, safekeepFee: 0 } })
  })

  it.each([
    ["not a QR", { hello: 1 }, "RuleViolation"],
    ["a forged signature", { ...qrOf(receiverQr), sig: "forged" }, "RuleViolation"],
    ["a changed field", { ...qrOf(receiverQr), rp: "13700137000" }, "RuleViolation"],
    ["two holders", qrOf({ ...receiverQr, poid: "run-o" }), "RuleViolation"],
    ["a parcel not on this shelf", qrOf({ ...receiverQr, tag: "0008" }), "NotFound"],
    ["a holder who is not the receiver", qrOf({ ...receiverQr, roid: "o9" }), "RuleViolation"]
  ])("refuses %s", async (_, qr, tag) => {
    expect(await station({ parcels: [parcel()] }).run(checkQr(clerk, qr))).toMatchObject(refused(tag, "二维码校验失败"))
  })
})

const pickup = { worksiteCode: "GZ01", expressNo: "SF100", storageNo: "A-03", tag: "0007", signOpenid: "o1" }

describe("taking a parcel away with its scanned QR", () => {
  const scanned = (unsigned: UnsignedQr) => JSON.stringify(qrOf(unsigned))

  it("verifies the QR again and hands the parcel to the person it names", async () => {
    const s = station({ parcels: [parcel()] })
    expect(await s.run(takePart(clerk, { ...pickup, qr: scanned(receiverQr) }))).toMatchObject({ ok: true, value: { status: ParcelStatus.signed } })
    expect(s.moves).toEqual([["p1", ParcelStatus.awaitingPickup, ParcelStatus.signed, "o1"]])
  })

  it.each([
    ["no QR", undefined, "RuleViolation", "请先扫一扫取件码"],
    ["text that is not a QR", "SF100", "RuleViolation", "二维码校验失败"],
    ["a forged signature", JSON.stringify({ ...qrOf(receiverQr), sig: "forged" }), "RuleViolation", "二维码校验失败"],
    ["another parcel's QR", scanned({ ...receiverQr, en: "SF200" }), "RuleViolation", "二维码校验失败"],
    ["another shelf's QR", scanned({ ...receiverQr, sn: "B-01" }), "RuleViolation", "二维码校验失败"],
    ["another tag's QR", scanned({ ...receiverQr, tag: "0008" }), "RuleViolation", "二维码校验失败"],
    ["someone else's QR", scanned({ ...receiverQr, roid: "o9" }), "NotAllowed", "二维码校验失败"],
    ["a runner's QR signed as the receiver", scanned((({ roid: _, ...rest }) => ({ ...rest, poid: "o1" }))(receiverQr)), "NotAllowed", "二维码校验失败"]
  ])("refuses %s and moves nothing", async (_, qr, tag, message) => {
    const s = station({ parcels: [parcel()] })
    expect(await s.run(takePart(clerk, { ...pickup, qr }))).toMatchObject(refused(tag, message))
    expect(s.moves).toEqual([])
  })

  it("asks for a bound employee before anything else", async () => {
    const s = station({ parcels: [parcel()] })
    const stranger = actor({ userId: "x", openid: "nobody", role: "student" })
    expect(await s.run(takePart(stranger, { ...pickup, qr: undefined }))).toMatchObject({ ok: false, error: { _tag: "NotAllowed" } })
  })
})

const personQr = (over: Partial<UnsignedPersonQr> = {}) => {
  const unsigned: UnsignedPersonQr = { k: "p", uid: "u1", ph: "13900139000", ts: now.getTime() - 9 * 60_000, ...over }
  return { ...unsigned, sig: `sig(${personSignedText(unsigned)})` }
}

describe("the personal pick-up QR", () => {
  it("carries the caller's id and main phone, signed with its issue time", async () => {
    const made = await station().run(personalPickupQr(actor({ userId: "u1", openid: "o1" })))
    if (!made.ok) throw new Error("expected a QR")
    expect(JSON.parse(made.value.content)).toEqual(personQr({ ts: now.getTime() }))
    expect(made.value.qrimgBase64).toBe(`data:image/png;base64,${made.value.content.length}`)
  })

  it("asks a caller without a main phone to bind one first; an unknown caller is 404", async () => {
    expect(await station().run(personalPickupQr(actor({ userId: "u8", openid: "o8" })))).toMatchObject(refused("StateConflict", "请先绑定手机号"))
    expect(await station().run(personalPickupQr(actor({ userId: "nobody", openid: "x" })))).toMatchObject({ ok: false, error: { _tag: "NotFound" } })
  })

  it("lists, at the staff's station only, each parcel its holder may take there as receiver or as the chosen friend", async () => {
    const s = station({
      parcels: [
        parcel(),
        parcel({ id: "p2", expressNo: "SF101", tag: 8, createdAt: new Date(now.getTime() - 73 * HOUR) }),
        parcel({ id: "p3", expressNo: "SF102", tag: 9, worksiteId: "w2" }),
        parcel({ id: "p4", expressNo: "SF103", tag: 10, status: ParcelStatus.runnerTookTask }),
        parcel({ id: "p5", expressNo: "SF104", tag: 11, status: ParcelStatus.signed }),
        parcel({ id: "p6", expressNo: "SF105", tag: 12, receiverId: "u9", receiverOpenid: "o9", agentOpenid: "o1", status: ParcelStatus.friendPicking })
      ]
    })
    const checked = await s.run(checkPersonQr(clerk, personQr()))
    if (!checked.ok) throw new Error(`expected a list, got ${JSON.stringify(checked)}`)
    expect(checked.value.person.id).toBe("u1")
    expect(checked.value.parcels.map((c) => [c.parcel.id, c.role, c.statusStr, c.canTakeaway, c.safekeepFee])).toEqual([
      ["p1", "receiver", "待取件", true, 0],
      ["p2", "receiver", "待支付保管费", false, 100]
    ])
  })

  it.each([
    ["a forged signature", { ...personQr(), sig: "forged" }, "二维码校验失败"],
    ["a changed phone", { ...personQr(), ph: "13700137000" }, "二维码校验失败"],
    ["a phone that is no longer the main one", personQr({ ph: "13700137000" }), "二维码校验失败"],
    ["an unknown person", personQr({ uid: "nobody" }), "二维码校验失败"],
    ["a QR older than ten minutes", personQr({ ts: now.getTime() - 10 * 60_000 - 1 }), "取件码已过期，请刷新后重新扫码"],
    ["a QR from the future", personQr({ ts: now.getTime() + 61_000 }), "取件码已过期，请刷新后重新扫码"],
    ["a personal mark on something else", { k: "p", uid: "u1" }, "二维码校验失败"]
  ])("refuses %s", async (_, qr, message) => {
    expect(await station({ parcels: [parcel()] }).run(checkPersonQr(clerk, qr))).toMatchObject(refused("RuleViolation", message))
  })

  it("is told apart from a parcel's QR by its mark", async () => {
    const s = station({ parcels: [parcel()] })
    expect(await s.run(checkScannedQr(clerk, personQr()))).toMatchObject({ ok: true, value: { person: { id: "u1" } } })
    expect(await s.run(checkScannedQr(clerk, qrOf(receiverQr)))).toMatchObject({ ok: true, value: { parcel: { id: "p1" }, role: "receiver" } })
  })

  it("hands over one of its holder's parcels, verified again", async () => {
    const s = station({ parcels: [parcel()] })
    expect(await s.run(takePart(clerk, { ...pickup, qr: JSON.stringify(personQr()) }))).toMatchObject({ ok: true, value: { status: ParcelStatus.signed } })
    expect(s.moves).toEqual([["p1", ParcelStatus.awaitingPickup, ParcelStatus.signed, "o1"]])
  })

  it.each([
    ["signed for by someone else", { ...pickup, signOpenid: "o9" }, personQr(), "NotAllowed", "二维码校验失败"],
    ["as a runner", { ...pickup, isPaotui: true }, personQr(), "NotAllowed", "二维码校验失败"],
    ["after ten minutes", pickup, personQr({ ts: now.getTime() - 11 * 60_000 }), "RuleViolation", "取件码已过期，请刷新后重新扫码"],
    ["a parcel that is not theirs", { ...pickup, signOpenid: "o9" }, personQr({ uid: "u9", ph: "13700137000" }), "NotAllowed", "二维码校验失败"]
  ])("refuses a hand-over %s and moves nothing", async (_, input, qr, tag, message) => {
    const s = station({ parcels: [parcel()] })
    expect(await s.run(takePart(clerk, { ...input, qr: JSON.stringify(qr) }))).toMatchObject(refused(tag, message))
    expect(s.moves).toEqual([])
  })
})

describe("taking a parcel away", () => {
  it("the receiver signs for it once: status moves on, the receiver hears of it, the operation is logged", async () => {
    const s = station({ parcels: [parcel()] })
    expect(await s.run(handOver(clerk, pickup))).toMatchObject({ ok: true, value: { id: "p1", status: ParcelStatus.signed } })
    expect(s.moves).toEqual([["p1", ParcelStatus.awaitingPickup, ParcelStatus.signed, "o1"]])
    expect(s.ports.events).toEqual([{ room: { user: "u1" }, name: "takeawaySuccess", payload: { _id: "p1", status: ParcelStatus.signed } }])
    expect(s.ports.ops).toMatchObject([{ op: "takePart", actorOpenid: "staff-o", at: now, outcome: { id: "p1", status: ParcelStatus.signed } }])
  })

  it("a friend takes a parcel handed to them, a runner takes the errand's parcel as collected", async () => {
    const friend = station({ parcels: [parcel({ status: ParcelStatus.friendPicking, receiverId: null })] })
    expect(await friend.run(handOver(clerk, { ...pickup, signOpenid: "friend-o" }))).toMatchObject({ ok: true, value: { status: ParcelStatus.signed } })
    expect(friend.ports.events).toEqual([{ room: { user: "id-of-friend-o" }, name: "takeawaySuccess", payload: { _id: "p1", status: ParcelStatus.signed } }])
    const errand = station({ parcels: [parcel({ status: ParcelStatus.runnerTookTask, paotuiOpenid: "run-o" })] })
    expect(await errand.run(handOver(clerk, { ...pickup, signOpenid: "run-o", isPaotui: true })))
      .toMatchObject({ ok: true, value: { status: ParcelStatus.goodsCollected } })
    expect(await errand.run(handOver(clerk, { ...pickup, signOpenid: "run-o" }))).toMatchObject(refused("NotAllowed", "二维码校验失败"))
  })

  it.each([
    [{ ...pickup, tag: "" }, "RuleViolation", "请先扫一扫取件码"],
    [{ ...pickup, signOpenid: undefined }, "RuleViolation", "请先扫一扫取件码"],
    [{ ...pickup, expressNo: "" }, "RuleViolation", "请先扫一扫取件码"],
    [{ ...pickup, storageNo: undefined }, "RuleViolation", "请先扫一扫取件码"],
    [{ ...pickup, worksiteCode: "SZ02" }, "NotAllowed", "只能操作本站点的快递"],
    [{ ...pickup, tag: "0008" }, "NotFound", "确认取件失败"],
    [{ ...pickup, signOpenid: "o9" }, "NotAllowed", "二维码校验失败"],
    [{ ...pickup, isPaotui: true }, "NotAllowed", "二维码校验失败"]
  ])("refuses %j and moves nothing", async (input, tag, message) => {
    const s = station({ parcels: [parcel()] })
    expect(await s.run(handOver(clerk, input))).toMatchObject(refused(tag, message))
    expect([s.moves, s.ports.events, s.ports.ops]).toEqual([[], [], []])
  })

  it("an unpaid fee, a parcel already signed and a lost race are conflicts", async () => {
    const owing = station({ parcels: [parcel({ createdAt: new Date(now.getTime() - 49 * HOUR) })] })
    expect(await owing.run(handOver(clerk, pickup))).toMatchObject(refused("StateConflict", "待支付保管费状态的快递不能取件"))
    const signed = station({ parcels: [parcel({ status: ParcelStatus.signed })] })
    expect(await signed.run(handOver(clerk, pickup))).toMatchObject(refused("StateConflict", "已签收状态的快递不能取件"))
    const raced = station({ parcels: [parcel()], movable: false })
    expect(await raced.run(handOver(clerk, pickup))).toMatchObject(refused("StateConflict", "已签收状态的快递不能取件"))
    expect([raced.ports.events, raced.ports.ops]).toEqual([[], []])
  })
})
