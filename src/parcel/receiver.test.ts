import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Locker, type DoorRequest } from "../locker/locker"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import { ParcelStatus } from "./parcel"
import { Catalogue, ParcelStore, People, QrSigner, type CollectParcel, type Person } from "./parcel-store"
import { parcelStoreWith } from "./parcel-store.testkit"
import { cancelAgent, chooseAgent, openBox, parcelForReceiver, receiverParcels, refuseAgent, selfSign } from "./receiver"

const HOUR = 3_600_000
const now = new Date("2026-03-02T04:00:00Z")
const terms = { freeHours: 48, feePerDayFen: 50, capFen: 300 }
const person = (id: string, phone: string, realname: string, worksiteId = "w1"): Person =>
  ({ id, openid: `o-${id}`, phoneMain: phone, phoneVice: null, realname, nickname: null, subscribe: true, worksiteId })
const liMing = person("u1", "13900139000", "李明")
const wang = person("u2", "13900139002", "王小明")
const far = person("u3", "13900139003", "赵六", "w2")
const me = actor({ userId: "u1", openid: "o-u1" })
const friend = actor({ userId: "u2", openid: "o-u2" })

const parcel = (over: Partial<CollectParcel> = {}): CollectParcel => ({
  id: "p1", worksiteId: "w1", expressCompanyId: "sf", expressCompanyName: "顺丰", expressNo: "SF100", storageNo: "A-03", tag: 7,
  weightId: "light", receiver: "李明", receiverId: "u1", receiverOpenid: "o-u1", receiverPhone: "13900139000",
  status: ParcelStatus.awaitingPickup, agentOpenid: null, paotuiOpenid: null, safekeepPaidFen: 0,
  createdAt: new Date(now.getTime() - HOUR), checkedInBy: "e1",
  agentId: null, agent: null, agentPhone: null, type: 0, deviceAddress: null, boxDoor: null, boxOpenedAt: null, ...over
})

/** An in-memory store with the conditional changes of the real one, and a locker that may fail. */
const station = (initial: ReadonlyArray<CollectParcel>, options: { selfSignAble?: boolean; doorFails?: boolean } = {}) => {
  const parcels = new Map(initial.map((p) => [p.id, { ...p }]))
  const doors: Array<DoorRequest> = []
  const ports = recordingPorts(now)
  const move = (id: string, from: number, change: Partial<CollectParcel>) => {
    const p = parcels.get(id)
    if (!p || p.status !== from) return false
    parcels.set(id, { ...p, ...change })
    return true
  }
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => {
    const snapshot = new Map(parcels)
    return outcome(ports.provide(effect).pipe(
      Effect.provideService(ParcelStore, parcelStoreWith({
        findToCollect: (id) => Effect.sync(() => parcels.get(id)),
        safekeepingTerms: () => Effect.succeed(terms),
        collectRules: () => Effect.succeed({ selfSignAble: options.selfSignAble ?? true, paotuiAble: true, shortName: "北门", servicePhone: "020-1234" }),
        listForHolder: (userId, statuses, page) => Effect.sync(() => {
          const results = [...parcels.values()].filter((p) => statuses.includes(p.status) && (p.receiverId === userId || p.agentId === userId))
          return { results, pageNumber: typeof page === "number" ? page : page.pageNumber + 1, pageCount: 1, recordCount: results.length }
        }),
        moveWithAgent: (id, from, to, agent) => Effect.sync(() =>
          move(id, from, { status: to, agentId: agent?.id ?? null, agentOpenid: agent?.openid ?? null, agent: agent?.name ?? null, agentPhone: agent?.phone ?? null })),
        moveStatus: (id, from, to) => Effect.sync(() => move(id, from, { status: to })),
        openBox: (id, from, to, _openid, at) => Effect.sync(() => parcels.get(id)?.boxOpenedAt === null && move(id, from, { status: to, boxOpenedAt: at }))
      })),
      Effect.provideService(People, {
        findById: (id) => Effect.succeed([liMing, wang, far].find((p) => p.id === id)),
        findByPhone: (worksiteId, phone) => Effect.succeed([liMing, wang, far].find((p) => p.worksiteId === worksiteId && p.phoneMain === phone)),
        byPhoneSuffix: () => Effect.succeed([])
      }),
      Effect.provideService(Catalogue, {
        expressCompanies: () => Effect.succeed([]),
        dictValues: (dict) => Effect.succeed(dict === "weightFeeType" ? [{ _id: "light", name: "1kg以内" }, { _id: "heavy", name: "5kg以上" }] : [])
      }),
      Effect.provideService(QrSigner, {
        sign: (text) => Effect.succeed(`sig(${text.length})`),
        verify: () => Effect.succeed(true),
        image: (content) => Effect.succeed(`img(${content.length})`)
      }),
      Effect.provideService(Locker, {
        open: (request) => Effect.sync(() => {
          if (options.doorFails) return { opened: false as const, reason: "jammed" }
          doors.push(request)
          return { opened: true as const }
        })
      })
    ) as Effect.Effect<A, E, never>).then((answer) => {
      // a failed run rolls back, as the runtime's transaction does
      if (!answer.ok) for (const [id, p] of snapshot) parcels.set(id, p)
      return answer
    })
  }
  return { parcels, doors, ports, run }
}

describe("proxy pickup", () => {
  it("the receiver chooses a friend by phone: 1, the friend's name kept, the friend told", async () => {
    const s = station([parcel()])
    expect(await s.run(chooseAgent(me, { toTakeId: "p1", agentPhone: wang.phoneMain! }))).toMatchObject({ ok: true, value: { status: 1, agentId: "u2" } })
    expect(s.parcels.get("p1")).toMatchObject({ status: 1, agentId: "u2", agentOpenid: "o-u2", agent: "王小明", agentPhone: wang.phoneMain })
    expect(s.ports.events).toEqual([{ room: { user: "u2" }, name: "agentAdd", payload: { _id: "p1" } }])
  })

  it.each([
    ["no parcel named", { agentPhone: wang.phoneMain! }, me, "NotFound", "快递不存在"],
    ["no phone", { toTakeId: "p1" }, me, "RuleViolation", "请先根据手机号查找您的朋友"],
    ["a short phone", { toTakeId: "p1", agentPhone: "1390013" }, me, "RuleViolation", "请输入正确的手机号码"],
    ["someone of another worksite", { toTakeId: "p1", agentPhone: far.phoneMain! }, me, "NotFound", "没有找到该手机号的用户"],
    ["oneself", { toTakeId: "p1", agentPhone: liMing.phoneMain! }, me, "RuleViolation", "不能选择自己代取"],
    ["by someone else", { toTakeId: "p1", agentPhone: wang.phoneMain! }, friend, "NotFound", "快递不存在"]
  ] as const)("refuses %s", async (_label, input, who, tag, message) => {
    const s = station([parcel()])
    expect(await s.run(chooseAgent(who, input))).toMatchObject(refused(tag, message))
    expect(s.parcels.get("p1")).toMatchObject({ status: 0, agentId: null })
    expect(s.ports.events).toEqual([])
  })

  it("the friend refuses (receiver told), the receiver cancels (friend told): back to 0 with no friend; neither may do the other's", async () => {
    const chosen = parcel({ status: ParcelStatus.friendPicking, agentId: "u2", agentOpenid: "o-u2", agent: "王小明", agentPhone: wang.phoneMain })
    const a = station([chosen])
    expect(await a.run(refuseAgent(me, "p1"))).toMatchObject(refused("NotFound", "快递不存在"))
    expect(await a.run(refuseAgent(friend, "p1"))).toMatchObject({ ok: true, value: { status: 0 } })
    expect(a.parcels.get("p1")).toMatchObject({ status: 0, agentId: null, agentOpenid: null, agent: null })
    expect(a.ports.events).toEqual([{ room: { user: "u1" }, name: "agentRefuse", payload: { _id: "p1" } }])
    expect(await a.run(parcelForReceiver(friend, "p1"))).toMatchObject(refused("NotFound", "快递不存在"))
    const b = station([chosen])
    expect(await b.run(cancelAgent(friend, "p1"))).toMatchObject(refused("NotFound", "快递不存在"))
    expect(await b.run(cancelAgent(me, "p1"))).toMatchObject({ ok: true, value: { status: 0 } })
    expect(b.ports.events).toEqual([{ room: { user: "u2" }, name: "agentCancel", payload: { _id: "p1" } }])
    expect(await b.run(cancelAgent(me, "p1"))).toMatchObject(refused("StateConflict", "待取件状态的快递不能取消代取"))
  })

  it("the friend gets their own QR (aoid); the code stays hidden from both while a fee is unpaid", async () => {
    const chosen = parcel({ status: ParcelStatus.friendPicking, agentId: "u2", agentOpenid: "o-u2", agent: "王小明" })
    const s = station([chosen])
    const theirs = await s.run(parcelForReceiver(friend, "p1"))
    expect(theirs.ok && JSON.parse(theirs.value.content)).toMatchObject({ aoid: "o-u2", en: "SF100", tag: "0007" })
    expect(theirs.ok && JSON.parse(theirs.value.content).roid).toBeUndefined()
    const late = station([{ ...chosen, createdAt: new Date(now.getTime() - 100 * HOUR) }])
    for (const who of [me, friend]) {
      expect(await late.run(parcelForReceiver(who, "p1"))).toMatchObject({ ok: true, value: { content: "", qrimgBase64: "", showsCode: false, unpaidFen: 150 } })
    }
  })

  it("carries the parcel's size, its weight class's place in the dictionary (none for an unknown class)", async () => {
    const s = station([parcel(), parcel({ id: "p2", weightId: "heavy" }), parcel({ id: "p3", weightId: "gone" })])
    expect(await s.run(parcelForReceiver(me, "p1"))).toMatchObject({ ok: true, value: { size: 1 } })
    expect(await s.run(parcelForReceiver(me, "p2"))).toMatchObject({ ok: true, value: { size: 2 } })
    expect(await s.run(parcelForReceiver(me, "p3"))).toMatchObject({ ok: true, value: { size: null } })
  })
})

describe("the fee once the parcel left the shelf", () => {
  it("a signed or returned parcel has no fee to pay and shows its own status, on its page and in the list", async () => {
    const old = new Date(now.getTime() - 100 * HOUR)
    const s = station([parcel({ status: ParcelStatus.signed, createdAt: old }), parcel({ id: "p2", status: ParcelStatus.returned, createdAt: old }),
      parcel({ id: "p3", status: ParcelStatus.awaitingReturn, createdAt: old })])
    expect(await s.run(parcelForReceiver(me, "p1"))).toMatchObject({ ok: true, value: { unpaidFen: 0, statusStr: "已签收", showsCode: false, content: "" } })
    expect(await s.run(parcelForReceiver(me, "p2"))).toMatchObject({ ok: true, value: { unpaidFen: 0, statusStr: "已退回" } })
    expect(await s.run(parcelForReceiver(me, "p3"))).toMatchObject({ ok: true, value: { unpaidFen: 150, statusStr: "待退回" } })
    const rows = async (tab: string) => {
      const listed = await s.run(receiverParcels(me, tab, 1))
      return listed.ok && listed.value.results.map((h) => [h.parcel.id, h.unpaidFen, h.statusStr])
    }
    expect(await rows("complete")).toEqual([["p1", 0, "已签收"]])
    expect(await rows("returned")).toEqual([["p2", 0, "已退回"]])
    expect(await rows("toreturn")).toEqual([["p3", 150, "待退回"]])
  })
})

describe("the list", () => {
  it("lists the caller's parcels and those they pick up for a friend, marked; an unknown tab is refused", async () => {
    const s = station([parcel(), parcel({ id: "p2", receiverId: "u2", status: 1, agentId: "u1" }), parcel({ id: "p3", receiverId: "u3" }), parcel({ id: "p4", status: 5 })])
    const listed = await s.run(receiverParcels(me, "ing", 1))
    expect(listed.ok && listed.value.results.map((h) => [h.parcel.id, h.holder])).toEqual([["p1", "receiver"], ["p2", "agent"], ["p4", "receiver"]])
    expect(await s.run(receiverParcels(me, "all", 1))).toMatchObject(refused("RuleViolation", "请求不正确"))
  })
})

describe("self-sign and the cabinet door", () => {
  it("self-sign: once, told to receiver and friend; closed where the worksite does not allow it", async () => {
    const s = station([parcel({ status: 1, agentId: "u2" })])
    expect(await s.run(selfSign(friend, "p1"))).toMatchObject(refused("NotFound", "快递不存在"))
    expect(await s.run(selfSign(me, "p1"))).toMatchObject({ ok: true, value: { status: 100 } })
    expect(s.ports.events.map((e) => [e.room, e.name])).toEqual([[{ user: "u1" }, "takeawaySuccess"], [{ user: "u2" }, "takeawaySuccess"]])
    expect(await s.run(selfSign(me, "p1"))).toMatchObject(refused("StateConflict", "已签收状态的快递不能签收"))
    const closed = station([parcel()], { selfSignAble: false })
    expect(await closed.run(selfSign(me, "p1"))).toMatchObject(refused("StateConflict", "本网点暂未开通自助签收"))
  })

  it("opens the door of a cabinet parcel once; a door that fails leaves the parcel as it was", async () => {
    const boxed = parcel({ type: 2, deviceAddress: "XY-CAB-1", boxDoor: "A03" })
    const s = station([boxed])
    expect(await s.run(openBox(me, "p1"))).toMatchObject({ ok: true, value: { status: 100, door: "A03" } })
    expect(s.doors).toEqual([{ device: "XY-CAB-1", door: "A03", parcelId: "p1" }])
    expect(await s.run(openBox(me, "p1"))).toMatchObject(refused("StateConflict", "柜门已打开过，请联系驿站工作人员"))
    expect(s.doors).toHaveLength(1)
    const jammed = station([boxed], { doorFails: true })
    expect(await jammed.run(openBox(me, "p1"))).toMatchObject(refused("StateConflict", "开箱失败，请联系驿站工作人员"))
    expect(jammed.parcels.get("p1")).toMatchObject({ status: 0, boxOpenedAt: null })
    expect(jammed.ports.events).toEqual([])
    const stranger = station([boxed])
    expect(await stranger.run(openBox(actor({ userId: "u9" }), "p1"))).toMatchObject(refused("NotFound", "快递不存在"))
  })
})

describe("the operations log", () => {
  it("proxy choose, refuse and cancel, self-sign and the cabinet opening are each written once, refusals not at all", async () => {
    const s = station([parcel(), parcel({ id: "p2", type: 2, deviceAddress: "XY-CAB-1", boxDoor: "A03" })])
    await s.run(chooseAgent(me, { toTakeId: "p1", agentPhone: wang.phoneMain! }))
    await s.run(cancelAgent(me, "p1"))
    await s.run(chooseAgent(me, { toTakeId: "p1", agentPhone: wang.phoneMain! }))
    await s.run(refuseAgent(friend, "p1"))
    expect(await s.run(refuseAgent(friend, "p1"))).toMatchObject({ ok: false })
    await s.run(selfSign(me, "p1"))
    await s.run(openBox(me, "p2"))
    expect(await s.run(openBox(me, "p2"))).toMatchObject({ ok: false })
    const entry = (op: string, actorOpenid: string, input: object, outcome: object) => ({ op, actorOpenid, at: now, input, outcome })
    expect(s.ports.ops).toEqual([
      entry("chooseAgent", "o-u1", { toTakeId: "p1", agentPhone: wang.phoneMain }, { id: "p1", status: 1, agentId: "u2" }),
      entry("cancelAgent", "o-u1", { id: "p1" }, { id: "p1", status: 0 }),
      entry("chooseAgent", "o-u1", { toTakeId: "p1", agentPhone: wang.phoneMain }, { id: "p1", status: 1, agentId: "u2" }),
      entry("refuseAgent", "o-u2", { id: "p1" }, { id: "p1", status: 0 }),
      entry("selfSign", "o-u1", { id: "p1" }, { id: "p1", status: 100 }),
      entry("openBox", "o-u1", { id: "p2" }, { id: "p2", status: 100, door: "A03" })
    ])
  })
})
