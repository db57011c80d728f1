/**
 * In-memory doubles of the sending ports for use-case tests. The SendStore behaves like the Postgres one
 * (adapters/postgres/stores/send-store.ts): `replace` writes only if the order is still in the status read (a
 * freight set also only while the order has no freight and is unpaid), and only the columns the Postgres update
 * writes; the door pickup's send orders move with their errand's edges in the same rows (DoorPickupSendOrders).
 * `sendingWorld` puts it together with the errand doubles (src/errand/errand-store.testkit.ts), profiles, the
 * address book, staff, uploads and the label printer, and runs a use case as its transaction would: a failure
 * keeps nothing (rows, ledger, events, operations log). A method a test does not need dies when called.
 */
import { Effect, Layer } from "effect"
import type { Address } from "../address/address"
import { AddressStore, Regions } from "../address/address-store"
import { sampleRegions } from "../address/region.testkit"
import { DoorPickupSendOrders } from "../errand/door-pickup"
import type { ErrandPerson } from "../errand/errand-parties"
import { ErrandParties } from "../errand/errand-parties"
import { CreditStore, ErrandStore, type ErrandOrderRecord } from "../errand/errand-store"
import { memoryCredit, memoryErrandStore, memoryParties, memoryTrades, memoryWallet } from "../errand/errand-store.testkit"
import { ErrandStatus, ErrandType } from "../errand/status-machine"
import { QrSigner } from "../parcel/parcel-store"
import { worksite as worksiteW1, staff as staffW1 } from "../parcel/parcel-store.testkit"
import { PayIn } from "../payment/pay-in"
import { TradeStatus } from "../payment/trade"
import { TradeStore } from "../payment/trade-store"
import type { UserProfile } from "../profile/profile"
import { ProfileStore } from "../profile/profile-store"
import type { Actor } from "../shared/actor"
import type { Clock, Events, Ids, LiveEvent, OpsLog, Outbox } from "../shared/ports"
import { outcome, recordingPorts } from "../shared/ports.testkit"
import type { Employee } from "../staff/employee"
import { EmployeeStore } from "../staff/staff-store"
import type { UploadRecord } from "../upload/upload"
import { Uploads } from "../upload/upload-store"
import { WalletStore } from "../wallet/wallet-store"
import type { BookingContact, DoorPickup } from "./booking"
import type { TariffRow } from "./freight"
import { Printer, WaybillRenderer } from "./printer"
import { SendStore, type SendCompany, type SendingSettings, type SendRecord } from "./send-store"
import { SendStatus } from "./status-machine"
import type { LoggedStep } from "./timeline"
import type { PrinterAddress, Waybill } from "./waybill"
import { NoticePreferences } from "../notice/notice-store"
import { memoryNoticePreferences } from "../notice/notice-store.testkit"

/** 12:00 in Shanghai. */
export const T0 = new Date("2026-11-20T04:00:00Z")

/** The service `S` with these methods; any other one dies with its name. */
const only = <S extends object>(port: string, methods: Partial<S>): S =>
  new Proxy(methods, {
    get: (given, name) => (given as Record<string | symbol, unknown>)[name] ?? (() => Effect.die(new Error(`${port}.${String(name)} is not part of this double`)))
  }) as S

// ---------------------------------------------------------------- fixtures

export const sf: SendCompany = { id: "sf", name: "顺丰", code: "SF" }
export const zto: SendCompany = { id: "zto", name: "中通", code: "ZTO", surfaceHeight: 150, surfaceWidth: 76 }
export const printer180: PrinterAddress = { host: "10.0.0.18", port: 9180, protocol: "raw9100" }
export const printer150: PrinterAddress = { host: "10.0.0.15", port: 9150, protocol: "tspl" }

/** Sending open, cash on delivery with SF only, the 180 mm printer, SF then ZTO. */
export const sendingSettings = (worksiteId: string, over: Partial<SendingSettings> = {}): SendingSettings => ({
  worksiteId, jijianAble: true, daofuAble: true, daofuCarrierCode: "SF", yunfeiPic: "/price.png", printers: { 180: printer180 },
  companies: [sf, zto], eveningEnd: "22:30", ...over
})

export const contact = (name: string, province = "44"): BookingContact => ({
  name, phone: "13812345678", province, city: `${province}01`, county: `${province}0101`, provinceName: "广东省", cityName: "广州市", countyName: "天河区",
  detail: "某路1号"
})

/** A plain sending of the sender at worksite w1 by SF, awaiting its freight, declared 500 yuan (fee 2.50). */
export const sendRecord = (over: Partial<SendRecord> = {}): SendRecord => ({
  id: "s1", orderNo: "JJ20261120120000ABCDEF", status: SendStatus.awaitingFreight, senderId: "u-s", senderOpenid: "o-s", worksiteId: "w1",
  companyId: "sf", doorPickup: false, runnerId: null, freight: null, freightWeight: null, freightPaid: false, isDaofu: false, expressNo: null,
  sender: contact("寄件人"), receiver: contact("收件人", "31"), goodsName: "书籍", goodsCount: 1, estimateWeight: null, insureMoney: 50_000,
  insureFreight: 250, remark: "", goodsPic: null, errandId: null, pickup: null, createdAt: T0, sentAt: null, ...over
})

export const profile = (id: string, over: Partial<UserProfile> = {}): UserProfile => ({
  id, openid: `o-${id.slice(2)}`, unionid: null, nickname: id, headimgBase64: null, motto: null, authStatus: 1, authSubmittedAt: null, idCardUrl: null,
  studentCardUrl: null, toAuthRealname: null, toAuthIdCardNo: null, realname: null, idCardNo: null, sex: 1, rejectComment: null,
  phoneMain: "13900139000", phoneVice: null, paotuiStatus: -1, isPaotuiLeader: false, paotuiLeader: null, invitation: null, isXYTAdmin: false,
  pickupAble: false, creditScore: 100, newPaotuiOrderRemind: false, subscribeTime: T0, role: "student", worksiteId: "w1", ...over
})

const person = (p: UserProfile, name: string): ErrandPerson => ({
  id: p.id, openid: p.openid, name, phone: "13700000000", sex: p.sex, authStatus: p.authStatus, paotuiStatus: p.paotuiStatus,
  isPaotuiLeader: false, pickupAble: false, worksiteId: p.worksiteId
})

/** The sender (u-s), another student, the door pickup's runner and a second runner, all at w1. */
export const users = {
  sender: profile("u-s"),
  other: profile("u-x"),
  runner: profile("u-r", { paotuiStatus: 1 }),
  runner2: profile("u-q", { paotuiStatus: 1 }),
  unverified: profile("u-n", { authStatus: -1 }),
  reviewing: profile("u-v", { authStatus: 0 }),
  /** At w2, whose sending is switched off. */
  east: profile("u-e", { worksiteId: "w2" }),
  /** At w3, which has no sending settings at all. */
  north: profile("u-t", { worksiteId: "w3" }),
  nowhere: profile("u-0", { worksiteId: null })
} as const

export const actorOf = (p: UserProfile): Actor => ({ userId: p.id, openid: p.openid, role: p.paotuiStatus === 1 ? "runner" : "student" })

/** Staff of w1 (openid staff-o, the parcel tests' employee) and of w2; a staff actor needs no profile. */
export const staffW2: Employee = { ...staffW1, id: "e2", openid: "staff2-o", worksite: { ...worksiteW1, id: "w2" } }
export const clerk: Actor = { userId: "u-staff", openid: "staff-o", role: "staff" }
export const eastClerk: Actor = { userId: "u-staff2", openid: "staff2-o", role: "staff" }

/** The door pickup's booking as stored on its send order. */
export const pickup = (over: Partial<DoorPickup> = {}): DoorPickup => ({
  goodsType: 1, largeCategory: null, dormBuilding: "b1", dormFloor: 3, dormRoom: "305", requireArriveTime: new Date(T0.getTime() + 3_600_000),
  sexLimit: -1, reward: 300, note: "门口", ...over
})

/** The errand statuses at which a door pickup has its runner. */
const withRunner: ReadonlyArray<ErrandStatus> = [
  ErrandStatus.accepted, ErrandStatus.collected, ErrandStatus.delivered, ErrandStatus.awaitingFreightPayment, ErrandStatus.freightPaid,
  ErrandStatus.awaitingWarehouseOut, ErrandStatus.completed
]

/** The live events a send order's step publishes, in order: each name to its sender, its runner (if given) and its worksite. */
export const sendEvents = (o: SendRecord, names: ReadonlyArray<string>, runnerId?: string): Array<LiveEvent> => {
  const payload = { _id: o.id, orderNo: o.orderNo, status: o.status, expressNo: o.expressNo, freight: o.freight, isDaofu: o.isDaofu }
  return names.flatMap((name) => [
    { room: { user: o.senderId }, name, payload },
    ...(runnerId ? [{ room: { user: runnerId }, name, payload }] : []),
    { room: { worksite: o.worksiteId }, name, payload }
  ])
}

// ---------------------------------------------------------------- the send store

/** The columns the Postgres `replace` sets; everything else of a row stays as inserted. */
const replaced = (o: SendRecord) => ({
  status: o.status, companyId: o.companyId, runnerId: o.runnerId, freight: o.freight, freightWeight: o.freightWeight, freightPaid: o.freightPaid,
  isDaofu: o.isDaofu, expressNo: o.expressNo, goodsPic: o.goodsPic, sentAt: o.sentAt
})

const LIST_LIMIT = 200

/**
 * Send orders, settings, tariff and buildings (`worksiteId/buildingId`). `races.beforeReplace` runs inside a
 * conditional write before its condition is checked: what another transaction committed just before.
 */
export const memorySendStore = () => {
  const orders = new Map<string, SendRecord>()
  const settings = new Map<string, SendingSettings>()
  const tariff: Array<TariffRow> = []
  const buildings = new Set<string>()
  /** The operations log's timeline rows, by order id, as a test writes them. */
  const history = new Map<string, Array<LoggedStep>>()
  const races: { beforeReplace?: ((next: SendRecord, from: SendStatus) => void) | undefined } = {}
  const all = () => [...orders.values()]
  const store = SendStore.of({
    settings: (worksiteId) => Effect.sync(() => settings.get(worksiteId)),
    setPrinter: (worksiteId, slot, printer) => Effect.sync(() => {
      // as the Postgres upsert: a worksite without settings gets a row of defaults
      const known = settings.get(worksiteId) ?? sendingSettings(worksiteId, { jijianAble: false, daofuAble: false, daofuCarrierCode: null, yunfeiPic: null, printers: {}, companies: [], eveningEnd: null })
      const { [slot]: _, ...others } = known.printers
      settings.set(worksiteId, { ...known, printers: printer ? { ...others, [slot]: printer } : others })
    }),
    tariff: (worksiteId) => Effect.sync(() => tariff.filter((r) => r.worksiteId === worksiteId)),
    importTariff: (rows) => Effect.sync(() => {
      const pairs = new Set(rows.map((r) => `${r.worksiteId}/${r.companyCode}`))
      const kept = tariff.filter((r) => !pairs.has(`${r.worksiteId}/${r.companyCode}`))
      tariff.splice(0, tariff.length, ...kept, ...rows)
      return rows.length
    }),
    hasBuilding: (worksiteId, buildingId) => Effect.sync(() => buildings.has(`${worksiteId}/${buildingId}`)),
    insert: (order) => Effect.sync(() => {
      if (orders.has(order.id) || all().some((o) => o.orderNo === order.orderNo)) throw new Error(`send order ${order.id} ${order.orderNo} exists`)
      orders.set(order.id, order)
    }),
    findById: (id) => Effect.sync(() => orders.get(id)),
    findByOrderNo: (orderNo) => Effect.sync(() => all().find((o) => o.orderNo === orderNo)),
    findByErrandId: (errandId) => Effect.sync(() => all().find((o) => o.errandId === errandId)),
    findByCode: (worksiteId, code) => Effect.sync(() => all().find((o) => o.worksiteId === worksiteId && (o.orderNo === code || o.expressNo === code))),
    listForSender: (senderId, statuses) => Effect.sync(() =>
      all().filter((o) => o.senderId === senderId && statuses.includes(o.status)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, LIST_LIMIT)),
    replace: (next, from) => Effect.sync(() => {
      races.beforeReplace?.(next, from)
      const current = orders.get(next.id)
      if (!current || current.status !== from) return false
      if (from === SendStatus.awaitingFreight && next.status !== from && (current.freight !== null || current.freightPaid)) return false
      orders.set(next.id, { ...current, ...replaced(next) })
      return true
    }),
    toScanCounts: (worksiteId) => Effect.sync(() => {
      const counts = new Map<string, number>()
      for (const o of all()) {
        if (o.worksiteId === worksiteId && o.status === SendStatus.awaitingOutOfStock && o.companyId !== null) counts.set(o.companyId, (counts.get(o.companyId) ?? 0) + 1)
      }
      return counts
    }),
    senderAt: (worksiteId, openid) => Effect.sync(() => all().find((o) => o.worksiteId === worksiteId && o.senderOpenid === openid)?.senderId),
    history: (orderId) => Effect.sync(() => history.get(orderId) ?? [])
  })
  /** The errand side's writes of a door pickup's send order: only from the status the edge leaves. */
  const doorPickups = DoorPickupSendOrders.of({
    move: (errandId, m) => Effect.sync(() => {
      const current = all().find((o) => o.errandId === errandId)
      if (!current || current.status !== m.from) return undefined
      const moved: SendRecord = {
        ...current, status: m.to, ...(m.runnerId !== undefined ? { runnerId: m.runnerId } : {}), ...(m.isDaofu ? { isDaofu: true } : {})
      }
      orders.set(moved.id, moved)
      return {
        id: moved.id, orderNo: moved.orderNo, status: moved.status, worksiteId: moved.worksiteId, senderId: moved.senderId, expressNo: moved.expressNo,
        freight: moved.freight, isDaofu: moved.isDaofu
      }
    })
  })
  return { orders, settings, tariff, buildings, history, races, store, doorPickups }
}

// ---------------------------------------------------------------- the world

/** What the sending use cases read and write, all provided by `sendingWorld`. */
export type SendingServices =
  | SendStore | DoorPickupSendOrders | ErrandStore | ErrandParties | CreditStore | WalletStore | TradeStore | PayIn | ProfileStore | AddressStore
  | EmployeeStore | Uploads | Printer | WaybillRenderer | QrSigner | Regions | NoticePreferences | Clock | Ids | Events | Outbox | OpsLog

/** The QR signer's double: the signature is the signed text reversed, so a changed field fails to verify. */
export const fakeQrSigner = QrSigner.of({
  sign: (text) => Effect.succeed([...text].reverse().join("")),
  verify: (text, signature) => Effect.succeed([...text].reverse().join("") === signature),
  image: (content) => Effect.succeed(`data:image/png;base64,${content.length}`)
})

/** The renderer's "PDF": the waybill as JSON bytes, so a test reads back what was laid out. */
export const renderedWaybill = (pdf: Uint8Array): Waybill => JSON.parse(new TextDecoder().decode(pdf)) as Waybill

/**
 * Worksites w1 (open, `sendingSettings`), w2 (sending off, cash on delivery off) and w3 (no settings); building b1
 * of w1; the `users`, the two staff; ids from `ids` (then `id-n`).
 */
export const sendingWorld = (ids: ReadonlyArray<string> = []) => {
  const send = memorySendStore()
  send.settings.set("w1", sendingSettings("w1"))
  send.settings.set("w2", sendingSettings("w2", { jijianAble: false, daofuAble: false, yunfeiPic: null, printers: {}, companies: [sf], eveningEnd: null }))
  send.buildings.add("w1/b1")
  const errands = memoryErrandStore()
  const parties = memoryParties([person(users.sender, "寄件人"), person(users.runner, "跑腿甲"), person(users.runner2, "跑腿乙")], errands.orders)
  const credit = memoryCredit()
  const wallet = memoryWallet()
  const trades = memoryTrades()
  const prepays: Array<Parameters<PayIn["Service"]["prepay"]>[0]> = []
  const payIn = PayIn.of({
    ...trades.payIn,
    prepay: (input) => Effect.sync(() => {
      prepays.push(input)
      return { ok: true as const, prepayId: `wx-${input.tradeNo}` }
    })
  })
  const profiles = new Map<string, UserProfile>(Object.values(users).map((u) => [u.id, u]))
  const addresses = new Map<string, Address>()
  const employees: Array<Employee> = [staffW1, staffW2]
  const uploads: Array<UploadRecord> = []
  const printer = {
    jobs: [] as Array<{ readonly printer: PrinterAddress; readonly name: string; readonly pdf: Uint8Array }>,
    kept: new Map<string, Uint8Array>(),
    refusing: undefined as string | undefined
  }
  let clock = T0
  const ports = recordingPorts(() => clock, ids)
  const notices = memoryNoticePreferences()

  const layer = Layer.mergeAll(
    Layer.succeed(SendStore, send.store),
    Layer.succeed(DoorPickupSendOrders, send.doorPickups),
    Layer.succeed(ErrandStore, errands.store),
    Layer.succeed(ErrandParties, parties.port),
    Layer.succeed(CreditStore, credit.port),
    Layer.succeed(WalletStore, wallet.port),
    Layer.succeed(TradeStore, trades.store),
    Layer.succeed(PayIn, payIn),
    Layer.succeed(ProfileStore, only<ProfileStore["Service"]>("ProfileStore", { find: (userId) => Effect.sync(() => profiles.get(userId)) })),
    Layer.succeed(AddressStore, only<AddressStore["Service"]>("AddressStore", { find: (id) => Effect.sync(() => addresses.get(id)) })),
    Layer.succeed(EmployeeStore, only<EmployeeStore["Service"]>("EmployeeStore", {
      findByOpenid: (openid) => Effect.sync(() => employees.find((e) => e.openid === openid))
    })),
    Layer.succeed(Uploads, only<Uploads["Service"]>("Uploads", {
      findOwn: (userId, dateFolder, fileName) => Effect.sync(() => uploads.find((u) => u.userId === userId && u.dateFolder === dateFolder && u.fileName === fileName))
    })),
    Layer.succeed(Printer, Printer.of({
      print: (job) => Effect.sync(() => {
        if (printer.refusing) return { ok: false as const, reason: printer.refusing }
        printer.jobs.push(job)
        printer.kept.set(job.name, job.pdf)
        return { ok: true as const }
      }),
      find: (name) => Effect.sync(() => printer.kept.get(name))
    })),
    Layer.succeed(WaybillRenderer, WaybillRenderer.of({ render: async (waybill) => new TextEncoder().encode(JSON.stringify(waybill)) })),
    Layer.succeed(QrSigner, fakeQrSigner),
    Layer.succeed(Regions, sampleRegions()),
    Layer.succeed(NoticePreferences, notices.service)
  )

  /** What a failed transaction gives back: every row it could have written, and the events and log lines it raised. */
  const snapshot = () => {
    const maps: ReadonlyArray<Map<string, unknown>> = [send.orders, errands.orders, trades.trades, wallet.money, credit.scores, parties.parcels]
    const arrays: ReadonlyArray<Array<unknown>> = [wallet.ledger, credit.records, errands.released, ports.events, ports.ops, ports.outbox]
    const saved = maps.map((m) => new Map(m))
    const lengths = arrays.map((a) => a.length)
    return () => {
      maps.forEach((m, i) => {
        m.clear()
        for (const [k, v] of saved[i]!) m.set(k, v)
      })
      arrays.forEach((a, i) => void a.splice(lengths[i]!))
    }
  }

  /** What other transactions committed while this one ran (`race`): kept when this one rolls back. */
  const committedElsewhere: Array<() => void> = []
  const rollbackOf = () => {
    const restore = snapshot()
    committedElsewhere.length = 0
    return () => {
      restore()
      committedElsewhere.forEach((change) => change())
    }
  }

  /** Runs a use case as one transaction: its value or expected failure (`outcome`); a failure or a defect keeps nothing of its own. */
  const run = async <A, E>(effect: Effect.Effect<A, E, SendingServices>) => {
    const rollback = rollbackOf()
    try {
      const answer = await outcome(ports.provide(effect.pipe(Effect.provide(layer))))
      if (!answer.ok) rollback()
      return answer
    } catch (defect) {
      rollback()
      throw defect
    }
  }

  /** Another transaction commits `change` just before the next conditional send-order write checks its condition (once). */
  const race = (change: () => void) => {
    send.races.beforeReplace = () => {
      send.races.beforeReplace = undefined
      change()
      committedElsewhere.push(change)
    }
  }

  /** A door pickup's errand (e1) and send order (s1) standing together: the reward 3 yuan paid through trade T-reward once past awaiting payment, the runner on it once accepted. */
  const doorPickup = (sendStatus: SendStatus, errandStatus: ErrandStatus, over: Partial<SendRecord> = {}, errandOver: Partial<ErrandOrderRecord> = {}) => {
    const paid = errandStatus === ErrandStatus.awaitingPayment ? 0 : 300
    const runner = withRunner.includes(errandStatus)
    const errand: ErrandOrderRecord = {
      id: "e1", orderNo: "PT20261120120000ERRAND", type: ErrandType.pickupFromDoor, status: errandStatus, openid: users.sender.openid, worksiteId: "w1",
      accept: runner ? { openid: users.runner.openid, name: "跑腿甲", phone: "13700000000" } : null, payFee: 300, paid, refunded: 0, runnerIncome: 0,
      freight: null, freightPaid: 0, goodsPic: null, createdAt: T0, requireArriveTime: pickup().requireArriveTime, toComment: false, sexLimit: -1, goodsClass: 1,
      specialGoodId: null, buildingId: "b1", floor: 3, dormRoom: "305", proxyReceiver: null, proxyReceiverPhone: null, remark: "门口", toTakeId: null,
      fee: 300, activityId: null, prepayId: paid > 0 ? "wx-reward" : null, acceptedAt: runner ? T0 : null, finishedAt: null, ...errandOver
    }
    errands.orders.set(errand.id, errand)
    if (paid > 0) {
      trades.trades.set("T-reward", {
        tradeNo: "T-reward", kind: "errand", refId: errand.id, userId: users.sender.id, amountFen: paid, status: TradeStatus.paid, prepayId: "wx-reward",
        providerRef: "tx-reward", createdAt: T0, expiresAt: new Date(T0.getTime() + 1_800_000), paidAt: T0, refundedAt: null
      })
    }
    const order = sendRecord({
      status: sendStatus, doorPickup: true, errandId: errand.id, runnerId: runner ? users.runner.id : null, pickup: pickup(), ...over
    })
    send.orders.set(order.id, order)
    return { order, errand }
  }

  return {
    send, errands, parties, credit, wallet, trades, prepays, profiles, addresses, employees, uploads, printer, notices, ports, layer, run, race, doorPickup,
    /** The send orders as stored. */
    order: (id = "s1") => send.orders.get(id),
    errand: (id = "e1") => errands.orders.get(id),
    put: (...orders: ReadonlyArray<SendRecord>) => orders.forEach((o) => send.orders.set(o.id, o)),
    advance: (ms: number) => { clock = new Date(clock.getTime() + ms) },
    get now() { return clock }
  }
}
