/**
 * In-memory doubles of the errand ports for use-case and model-based tests: an ErrandStore whose
 * `replace` is conditional like the Postgres one (status, and the holder when given), the parties
 * with their parcels, a credit store, a wallet and trades with a provider that refunds once. A
 * method a test does not need dies when called.
 */
import { Effect, Layer } from "effect"
import { PayIn } from "../payment/pay-in"
import { TradeStatus, type Trade } from "../payment/trade"
import { TradeStore } from "../payment/trade-store"
import type { LedgerEntry } from "../wallet/ledger"
import { keyOf, pageOfList, type Page, type PageRequest } from "../shared/paging"
import { WalletStore } from "../wallet/wallet-store"
import { ErrandParties, type ErrandPerson, type PlaceFacts, type PlacedOrder } from "./errand-parties"
import { NoticePreferences } from "../notice/notice-store"
import { memoryNoticePreferences } from "../notice/notice-store.testkit"
import { CreditStore, ErrandStore, type CreditEntry, type ErrandOrderRecord, type StatusGroup } from "./errand-store"
import { DoorPickupSendOrders } from "./door-pickup"
import type { SendStatus } from "./send-status"
import { doorPickupPairs, ErrandType, isOpen } from "./status-machine"
import type { ErrandStep } from "./timeline"

const unused = (port: string) => (name: string) => () => Effect.die(new Error(`${port}.${name} is not part of this double`))

const inGroup = (group: StatusGroup, status: number) =>
  group === "complete" ? status === 100 : group === "cancel" ? status === 4 : status !== 4 && status !== 100

const paged = (all: ReadonlyArray<ErrandOrderRecord>, page: PageRequest): Page<ErrandOrderRecord> => pageOfList(all, (o) => keyOf(o.createdAt, o.id), page)

const newestFirst = (a: ErrandOrderRecord, b: ErrandOrderRecord) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id)

export const memoryErrandStore = (orders = new Map<string, ErrandOrderRecord>()) => {
  const no = unused("ErrandStore")
  /** Activity places given back. */
  const released: Array<{ activityId: string; day: string }> = []
  /** The orders' step logs. */
  const steps: Array<ErrandStep> = []
  const store = ErrandStore.of({
    recordStep: (step) => Effect.sync(() => void steps.push(step)),
    steps: (orderId) => Effect.sync(() => steps.filter((s) => s.orderId === orderId)),
    settings: no("settings"), buildings: no("buildings"), findBuilding: no("findBuilding"), setBuildingManager: no("setBuildingManager"),
    activity: no("activity"), activityCount: no("activityCount"), reserveActivityPlace: no("reserveActivityPlace"),
    releaseActivityPlace: (activityId, day) => Effect.sync(() => void released.push({ activityId, day })), transfer: no("transfer"), comment: no("comment"),
    insert: (order) => Effect.sync(() => void orders.set(order.id, order)),
    findById: (id) => Effect.sync(() => orders.get(id)),
    findByOrderNo: (orderNo) => Effect.sync(() => [...orders.values()].find((o) => o.orderNo === orderNo)),
    replace: (next, from, acceptOpenid) =>
      Effect.sync(() => {
        const current = orders.get(next.id)
        if (!current || current.status !== from) return false
        if (acceptOpenid !== undefined && (current.accept?.openid ?? null) !== acceptOpenid) return false
        orders.set(next.id, next)
        return true
      }),
    hall: (worksiteId, sort) =>
      Effect.sync(() =>
        [...orders.values()].filter((o) => o.worksiteId === worksiteId && o.status === 0)
          .sort((a, b) => (sort === "fee" ? b.payFee - a.payFee : 0) || newestFirst(a, b))),
    listForRequester: (openid, group, page) =>
      Effect.sync(() => paged([...orders.values()].filter((o) => o.openid === openid && inGroup(group, o.status)).sort(newestFirst), page)),
    listForRunner: (openid, group, page) =>
      Effect.sync(() => paged([...orders.values()].filter((o) => o.accept?.openid === openid && inGroup(group, o.status)).sort(newestFirst), page)),
    dueUnpaid: (placedBy) => Effect.sync(() => [...orders.values()].filter((o) => o.status === -1 && o.createdAt <= placedBy)),
    dueUnaccepted: (now) => Effect.sync(() => [...orders.values()].filter((o) => o.status === 0 && !isOpen(o, now))),
    haveToComment: (openid) => Effect.sync(() => [...orders.values()].some((o) => o.openid === openid && o.status === 100 && o.toComment))
  })
  return { orders, released, steps, store }
}

/** People by id and openid, and parcels (id → status and runner) that move only from the status they are in. */
export const memoryParties = (people: ReadonlyArray<ErrandPerson>, orders: Map<string, ErrandOrderRecord>) => {
  const parcels = new Map<string, { status: number; runnerOpenid: string | null }>()
  /** Names of places: buildings by id, stations by worksite id, shelf tags by parcel id. */
  const places = { buildings: new Map<string, string>(), stations: new Map<string, string>(), shelves: new Map<string, string>() }
  const factsOf = (o: PlacedOrder): PlaceFacts => ({
    buildingName: (o.buildingId && places.buildings.get(o.buildingId)) || null,
    station: o.toTakeId ? places.stations.get(o.worksiteId) ?? null : null,
    shelf: (o.toTakeId && places.shelves.get(o.toTakeId)) || null
  })
  const byOpenid = (openid: string) => people.find((p) => p.openid === openid)
  const port = ErrandParties.of({
    placeFacts: (o) => Effect.sync(() => factsOf(o)),
    placeFactsOf: (os) => Effect.sync(() => os.map(factsOf)),
    byId: (id) => Effect.sync(() => people.find((p) => p.id === id)),
    byOpenid: (openid) => Effect.sync(() => byOpenid(openid)),
    byOpenids: (openids) => Effect.sync(() => new Map(openids.flatMap((o) => { const p = byOpenid(o); return p ? [[o, p] as const] : [] }))),
    moveParcel: (id, from, to, runnerOpenid) =>
      Effect.sync(() => {
        const p = parcels.get(id)
        if (!p || p.status !== from) return false
        parcels.set(id, { status: to, runnerOpenid: runnerOpenid === undefined ? p.runnerOpenid : runnerOpenid })
        return true
      }),
    openOrderOfParcel: (parcelId) =>
      Effect.sync(() => [...orders.values()].find((o) => o.toTakeId === parcelId && o.status !== 4 && o.status !== 100)?.id)
  })
  return { parcels, places, port }
}

/** Credit scores (from 100) and their records, changed only from the score read. */
export const memoryCredit = () => {
  const scores = new Map<string, number>()
  const records: Array<CreditEntry> = []
  const port = CreditStore.of({
    score: (userId) => Effect.sync(() => scores.get(userId) ?? 100),
    change: (userId, from, to, record) =>
      Effect.sync(() => {
        if ((scores.get(userId) ?? 100) !== from) return false
        scores.set(userId, to)
        records.push(record)
        return true
      }),
    list: unused("CreditStore")("list")
  })
  return { scores, records, port }
}

/** Wallets (every user has one) whose money moves only with a ledger row. */
export const memoryWallet = () => {
  const ledger: Array<LedgerEntry> = []
  const money = new Map<string, number>()
  const no = unused("WalletStore")
  const port = WalletStore.of({
    find: no("find"), withdrawalsSince: no("withdrawalsSince"), insertWithdrawal: no("insertWithdrawal"), lockWithdrawal: no("lockWithdrawal"),
    setWithdrawalStatus: no("setWithdrawalStatus"), listWithdrawals: no("listWithdrawals"), listWithdrawalsByStatus: no("listWithdrawalsByStatus"),
    listLedger: no("listLedger"),
    lock: (userId) => Effect.sync(() => ({ userId, openid: "", money: money.get(userId) ?? 0, activeScore: 0 })),
    record: (entry) => Effect.sync(() => {
      ledger.push(entry)
      money.set(entry.userId, (money.get(entry.userId) ?? 0) + entry.money)
    })
  })
  return { ledger, money, port }
}

/** Paid trades by prepay id and a provider that pays each back once. */
export const memoryTrades = () => {
  const trades = new Map<string, Trade>()
  const refunds: Array<{ tradeNo: string; amountFen: number }> = []
  const paidAtProvider = new Set<string>()
  const no = unused("TradeStore")
  const store = TradeStore.of({
    insert: (t) => Effect.sync(() => void trades.set(t.tradeNo, t)),
    find: (tradeNo) => Effect.sync(() => trades.get(tradeNo)),
    findByPrepayId: (prepayId) => Effect.sync(() => [...trades.values()].find((t) => t.prepayId === prepayId)),
    markRefunded: (tradeNo, at) => Effect.sync(() => {
      const t = trades.get(tradeNo)
      if (!t || t.status !== TradeStatus.paid) return undefined
      const next = { ...t, status: TradeStatus.refunded, refundedAt: at }
      trades.set(tradeNo, next)
      return next
    }),
    openFor: (kind, refId) => Effect.sync(() => [...trades.values()].filter((t) => t.kind === kind && t.refId === refId && t.status === TradeStatus.created)),
    markExpired: (tradeNo) => Effect.sync(() => {
      const t = trades.get(tradeNo)
      if (!t || t.status !== TradeStatus.created) return false
      trades.set(tradeNo, { ...t, status: TradeStatus.expired })
      return true
    }),
    markPaid: no("markPaid"), dueToExpire: no("dueToExpire"), list: no("list")
  })
  const noPay = unused("PayIn")
  const payIn = PayIn.of({
    prepay: noPay("prepay"), paySign: noPay("paySign"), verifyNotice: noPay("verifyNotice"),
    /** A trade number in `paidAtProvider` was paid by the user though the station has not heard yet. */
    close: (tradeNo) => Effect.sync(() => (paidAtProvider.has(tradeNo) ? { closed: false as const, paid: true, reason: "订单已支付" } : { closed: true as const })),
    refund: ({ tradeNo, amountFen }) => Effect.sync(() => {
      if (refunds.some((r) => r.tradeNo === tradeNo)) return { ok: false as const, reason: "已退款" }
      refunds.push({ tradeNo, amountFen })
      return { ok: true as const, reference: `rf-${tradeNo}` }
    })
  })
  return { trades, refunds, paidAtProvider, store, payIn }
}

/**
 * The send orders of door pickups, by errand: `open` gives a type-2 order its send order at the send status its
 * errand's status pairs with, and the errand's edges move it (a conditional move, as the send store's).
 */
export const memoryDoorPickups = (orders: ReadonlyMap<string, ErrandOrderRecord>) => {
  const statuses = new Map<string, SendStatus>()
  const statusOf = (errandId: string): SendStatus | undefined => statuses.get(errandId)
  const open = (order: ErrandOrderRecord) => {
    const paired = doorPickupPairs.find(([e]) => e === order.status)?.[1]
    if (order.type === ErrandType.pickupFromDoor && paired !== undefined) statuses.set(order.id, paired)
  }
  const port = DoorPickupSendOrders.of({
    move: (errandId, m) => Effect.sync(() => {
      const order = orders.get(errandId)
      if (!order || statusOf(errandId) !== m.from) return undefined
      statuses.set(errandId, m.to)
      return { id: `send-${errandId}`, orderNo: `JJ-${order.orderNo}`, status: m.to, worksiteId: order.worksiteId, senderId: order.openid, expressNo: null, freight: null, isDaofu: m.isDaofu === true }
    })
  })
  return { statusOf, open, port }
}

/** Every errand double as one layer, and the doubles to look into. */
export const errandWorld = (people: ReadonlyArray<ErrandPerson>) => {
  const errands = memoryErrandStore()
  const parties = memoryParties(people, errands.orders)
  const credit = memoryCredit()
  const wallet = memoryWallet()
  const trades = memoryTrades()
  const sendOrders = memoryDoorPickups(errands.orders)
  const notices = memoryNoticePreferences()
  const layer = Layer.mergeAll(
    Layer.succeed(ErrandStore, errands.store),
    Layer.succeed(ErrandParties, parties.port),
    Layer.succeed(CreditStore, credit.port),
    Layer.succeed(WalletStore, wallet.port),
    Layer.succeed(TradeStore, trades.store),
    Layer.succeed(PayIn, trades.payIn),
    Layer.succeed(DoorPickupSendOrders, sendOrders.port),
    Layer.succeed(NoticePreferences, notices.service)
  )
  return { errands, parties, credit, wallet, trades, sendOrders, notices, layer }
}
