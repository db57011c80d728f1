/**
 * One send-order transition: the core decides, the store writes it only if the order is still as read, the
 * door pickup's errand follows in the same transaction, and the live events go out. Also the order's view.
 */
import { Effect } from "effect"
import { heldAmount, RUNNER_INCOME_REMARK } from "../errand/status-machine"
import { StateConflict } from "../shared/errors"
import { Clock, Events, Ids } from "../shared/ports"
import { LedgerType } from "../wallet/ledger"
import { WalletStore } from "../wallet/wallet-store"
import type { SendEventPayload, SendOrderView } from "./calls"
import { contactView, statusStrOf } from "./calls"
import { toScanDelta, toScanEventName } from "./dispatch"
import { SendStore, type PickupErrand, type SendingSettings, type SendRecord } from "./send-store"
import { decide, errandStatusOf, failureMessage, messages, type SendAction, type SendActor, type SendEventName } from "./status-machine"

/** What the order shows: its carrier's name and its errand's runner. */
export const sendOrderView = (o: SendRecord, settings: SendingSettings | undefined, errand: PickupErrand | undefined): SendOrderView => {
  const company = o.companyId === null ? undefined : settings?.companies.find((c) => c.id === o.companyId)
  return {
    _id: o.id, orderNo: o.orderNo, status: o.status, statusStr: statusStrOf(o.status), worksiteId: o.worksiteId, openid: o.senderOpenid,
    expressCompany: company ? { _id: company.id, name: company.name, code: company.code } : null,
    sender: contactView(o.sender), receiver: contactView(o.receiver), goodsName: o.goodsName, goodsCount: o.goodsCount,
    estimateWeight: o.estimateWeight, insureMoney: o.insureMoney, insureFreight: o.insureFreight, isDaofu: o.isDaofu, freight: o.freight,
    freightPay: o.freightPaid, freightWeight: o.freightWeight, expressNo: o.expressNo, remark: o.remark, requiredDoorService: o.doorPickup,
    paotuiRemark: o.pickup?.note ?? "", goodsType: o.pickup?.goodsType ?? null, largeCategory: o.pickup?.largeCategory ?? null,
    dormBuilding: o.pickup?.dormBuilding ?? null, dormFloor: o.pickup?.dormFloor ?? null, dormRoom: o.pickup?.dormRoom ?? null,
    requireArriveTime: o.pickup?.requireArriveTime ?? null, sexLimit: o.pickup?.sexLimit ?? -1, goodsPic: o.goodsPic,
    paotui: errand
      ? {
          _id: errand.id, orderNo: errand.orderNo, status: errand.status, fee: errand.payFee, isPayed: errand.paid > 0,
          acceptUser: errand.acceptUser, acceptUserPhone: errand.acceptUserPhone
        }
      : null,
    createdAt: o.createdAt
  }
}

/** The order with its carrier and errand, as answered. */
export const present = Effect.fn("presentSending")(function* (o: SendRecord) {
  return (yield* presentAll([o]))[0]!
})

/** Orders with their carriers and errands, each worksite's settings read once. */
export const presentAll = Effect.fn("presentSendings")(function* (orders: ReadonlyArray<SendRecord>) {
  const store = yield* SendStore
  const settings = new Map<string, SendingSettings | undefined>()
  for (const id of new Set(orders.map((o) => o.worksiteId))) settings.set(id, yield* store.settings(id))
  return yield* Effect.forEach(orders, (o) =>
    (o.errandId ? store.errand(o.errandId) : Effect.succeed(undefined)).pipe(Effect.map((errand) => sendOrderView(o, settings.get(o.worksiteId), errand))))
})

const payloadOf = (o: SendRecord): SendEventPayload => ({
  _id: o.id, orderNo: o.orderNo, status: o.status, expressNo: o.expressNo, freight: o.freight, isDaofu: o.isDaofu
})

/** A send order's events go to its sender, its runner and its worksite (the staff screens). */
const publish = Effect.fnUntraced(function* (o: SendRecord, names: ReadonlyArray<SendEventName>) {
  const events = yield* Events
  const payload = payloadOf(o)
  for (const name of names) {
    yield* events.publish({ room: { user: o.senderId }, name, payload })
    if (o.runnerId) yield* events.publish({ room: { user: o.runnerId }, name, payload })
    yield* events.publish({ room: { worksite: o.worksiteId }, name, payload })
  }
})

const publishToScan = Effect.fnUntraced(function* (before: SendRecord, after: SendRecord) {
  const delta = toScanDelta(before.status, after.status)
  const companyId = after.companyId ?? before.companyId
  if (delta === 0 || companyId === null) return
  yield* (yield* Events).publish({ room: { worksite: after.worksiteId }, name: toScanEventName(after.worksiteId, companyId), payload: { delta } })
})

/**
 * The door pickup's errand follows its send order (errandStatusOf): moved only if it is still where the
 * order's previous status puts it. Completing it credits the errand money still held to the runner's wallet
 * with its ledger row. A paid reward is never refunded here: a door pickup is closed by its errand's cancel
 * (`closeSending` → the errand lifecycle, refunded through the pay-in port), so a close that would leave
 * reward money held is refused.
 */
const followErrand = Effect.fnUntraced(function* (before: SendRecord, after: SendRecord) {
  if (!before.errandId) return
  const store = yield* SendStore
  const from = errandStatusOf[before.status]
  const to = errandStatusOf[after.status]
  if (from === to) return
  const errand = yield* store.errand(before.errandId)
  if (!errand || errand.status !== from) return
  const now = yield* (yield* Clock).now
  const held = heldAmount(errand)
  const freight = { freight: after.freight, freightPaid: after.freightPaid && after.freight !== null ? after.freight : 0 }
  const wallet = yield* WalletStore
  if (to === 4) {
    if (held > 0) return yield* new StateConflict({ message: messages.closeFailed })
    yield* store.moveErrand(errand.id, from, { status: to, ...freight, finishedAt: now })
    return
  }
  if (to === 100) {
    if (!(yield* store.moveErrand(errand.id, from, { status: to, ...freight, runnerIncome: errand.runnerIncome + Math.max(0, held), toComment: true, finishedAt: now }))) return
    if (held > 0 && before.runnerId) {
      yield* wallet.record({ id: yield* (yield* Ids).next, userId: before.runnerId, type: LedgerType.income, money: held, score: 0, remark: RUNNER_INCOME_REMARK, refId: errand.id, createdAt: now })
    }
    return
  }
  yield* store.moveErrand(errand.id, from, { status: to, ...freight })
})

/** One transition: the core decides, the store writes it if the order is still as read, the errand follows, the events go out. */
export const transition = Effect.fn("sendTransition")(function* (
  order: SendRecord, actor: SendActor, action: SendAction, patch: Partial<SendRecord> = {}, options: { readonly errandFollows?: boolean } = {}
) {
  const decided = decide(order, actor, action)
  if (!("order" in decided)) return yield* decided
  const next: SendRecord = { ...order, ...decided.order, ...patch }
  if (!(yield* (yield* SendStore).replace(next, order.status))) {
    // the store found the order moved meanwhile: the same words as a refusal of the table
    return yield* new StateConflict({ message: failureMessage[action.type] ?? messages.actionFailed })
  }
  // the errand lifecycle moved the errand itself when it leads (errand-link.ts)
  if (options.errandFollows !== false) yield* followErrand(order, next)
  yield* publish(next, decided.events)
  yield* publishToScan(order, next)
  return { order: next, message: decided.message }
})

