/**
 * Ports of the errand area: the worksite's errand settings and buildings, discount activities with their
 * daily counters, errand orders with conditional status changes (a grab is won once), comments and the
 * credit score with its records.
 */
import { Context, Effect } from "effect"
import type { Page, PageRequest } from "../shared/paging"
import type { CreditRecord } from "./credit"
import type { Activity, FeeTiers, GoodsClass, SpecialGood } from "./fee"
import type { HallSort, SexLimit } from "./grab"
import type { DoorServiceWorksite } from "./order-form"
import type { ErrandOrder, ErrandStatus, Runner } from "./status-machine"
import type { ErrandStep } from "./timeline"

/** The errand side of a worksite: fee tiers (fen), sub-categories, the daily cut-off and door-service windows. */
export interface ErrandSettings extends DoorServiceWorksite {
  readonly worksiteId: string
  readonly fees: FeeTiers
  readonly specialGoods: ReadonlyArray<SpecialGood>
  readonly paotuiOrderLastTime: string | null
  readonly serviceEnd: string
}

export interface BuildingRecord {
  readonly id: string
  readonly worksiteId: string
  readonly name: string
  readonly tag: string
  readonly area: string
  readonly isLift: boolean
  readonly fees: Partial<FeeTiers>
  readonly specialGoods: ReadonlyArray<SpecialGood>
  /** The building leader (a runner of the worksite), if set. */
  readonly managerId: string | null
}

export interface ErrandOrderRecord extends ErrandOrder {
  readonly id: string
  readonly orderNo: string
  readonly sexLimit: SexLimit
  readonly goodsClass: GoodsClass
  readonly specialGoodId: string | null
  readonly buildingId: string | null
  readonly floor: number | null
  readonly dormRoom: string
  readonly proxyReceiver: string | null
  readonly proxyReceiverPhone: string | null
  readonly remark: string
  /** The parcel to collect a type-1 order delivers. */
  readonly toTakeId: string | null
  /** The fee before the discount; `payFee` is what the requester pays. */
  readonly fee: number
  readonly activityId: string | null
  readonly prepayId: string | null
  readonly acceptedAt: Date | null
  readonly finishedAt: Date | null
}

export interface Comment {
  readonly orderId: string
  readonly acceptOpenid: string
  readonly score: number
  readonly tags: ReadonlyArray<number>
  readonly rewardMoney: number
  readonly createdAt: Date
}

export type StatusGroup = "ing" | "complete" | "cancel"

export class ErrandStore extends Context.Service<ErrandStore, {
  settings(worksiteId: string): Effect.Effect<ErrandSettings | undefined>
  buildings(worksiteId: string): Effect.Effect<ReadonlyArray<BuildingRecord>>
  findBuilding(id: string): Effect.Effect<BuildingRecord | undefined>
  setBuildingManager(buildingId: string, managerId: string | null): Effect.Effect<boolean>
  /** The worksite's running activity of this kind (1: door delivery), if any. */
  activity(worksiteId: string, kind: number): Effect.Effect<Activity | undefined>
  /** Orders placed under the activity on this Asia/Shanghai day. */
  activityCount(activityId: string, day: string): Effect.Effect<number>
  /**
   * Takes one of the activity's places for the day if fewer than `limit` are taken (a conditional
   * increment, so concurrent orders never exceed it); false when the day is full.
   */
  reserveActivityPlace(activityId: string, day: string, limit: number): Effect.Effect<boolean>
  /** Gives a place back (an order voided before it was paid). */
  releaseActivityPlace(activityId: string, day: string): Effect.Effect<void>
  insert(order: ErrandOrderRecord): Effect.Effect<void>
  findById(id: string): Effect.Effect<ErrandOrderRecord | undefined>
  findByOrderNo(orderNo: string): Effect.Effect<ErrandOrderRecord | undefined>
  /**
   * Writes `next` only if the order is still in `from` (and, when given, still held by `acceptOpenid`);
   * false when someone else changed it first. A grab is `replace(order, 0, grabbed)`: one winner.
   */
  replace(next: ErrandOrderRecord, from: ErrandStatus, acceptOpenid?: string | null): Effect.Effect<boolean>
  /** Hands the runner's orders at status 1 to another runner, all or none, with the parcels of those that deliver one (the runner a parcel names). */
  transfer(ids: ReadonlyArray<string>, fromOpenid: string, to: Runner): Effect.Effect<boolean>
  hall(worksiteId: string, sort: HallSort): Effect.Effect<ReadonlyArray<ErrandOrderRecord>>
  listForRequester(openid: string, group: StatusGroup, page: PageRequest): Effect.Effect<Page<ErrandOrderRecord>>
  listForRunner(openid: string, group: StatusGroup, page: PageRequest): Effect.Effect<Page<ErrandOrderRecord>>
  /** Unpaid orders placed at or before `placedBy`, and unaccepted orders whose required time passed before `now`. */
  dueUnpaid(placedBy: Date): Effect.Effect<ReadonlyArray<ErrandOrderRecord>>
  dueUnaccepted(now: Date): Effect.Effect<ReadonlyArray<ErrandOrderRecord>>
  haveToComment(openid: string): Effect.Effect<boolean>
  /** Stores the comment and clears the order's `toComment` only if it is still set; false when already rated. */
  comment(comment: Comment): Effect.Effect<boolean>
  /** Appends a line to the order's step log (its timeline), in the caller's transaction. */
  recordStep(step: ErrandStep): Effect.Effect<void>
  /** The order's step log, oldest first. */
  steps(orderId: string): Effect.Effect<ReadonlyArray<ErrandStep>>
}>()("station/ErrandStore") {}

export interface CreditEntry extends CreditRecord {
  readonly id: string
  readonly userId: string
  readonly orderId: string | null
  readonly createdAt: Date
}

export class CreditStore extends Context.Service<CreditStore, {
  score(userId: string): Effect.Effect<number>
  /** Writes the new score and its record together, only if the score is still `from`; false when it moved meanwhile. */
  change(userId: string, from: number, to: number, record: CreditEntry): Effect.Effect<boolean>
  list(userId: string, page: PageRequest): Effect.Effect<Page<CreditEntry>>
}>()("station/CreditStore") {}
