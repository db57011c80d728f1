/**
 * ErrandStore over Postgres. Every status change is `UPDATE … WHERE status = from` (and the holder, when
 * given), so a grab is won once; an activity's daily place is one conditional upsert; a transfer moves all
 * the named orders or none.
 */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import { ErrandStore, type BuildingRecord, type ErrandOrderRecord, type ErrandSettings, type StatusGroup } from "#src/errand/errand-store"
import { FEE_TIER_NAMES, type Activity, type FeeTiers, type GoodsClass, type SpecialGood } from "#src/errand/fee"
import type { ErrandStatus, ErrandType } from "#src/errand/status-machine"
import type { StepAction } from "#src/errand/timeline"
import type { PageRequest } from "#src/shared/paging"
import { isUniqueViolation, RetryableConflict } from "../retryable"
import type { DB } from "../schema"
import { keysetPaged } from "../paging"
import { query } from "./query"

/** The most open orders the hall answers at once (newest or best paid first). */
export const HALL_LIMIT = 200

type OrderRow = Selectable<DB["errand_order"]>

export const toErrandOrder = (r: OrderRow): ErrandOrderRecord => ({
  id: r.id, orderNo: r.order_no, type: r.type as ErrandType, status: r.status as ErrandStatus, openid: r.openid, worksiteId: r.worksite_id,
  accept: r.accept_openid === null ? null : { openid: r.accept_openid, name: r.accept_user ?? "", phone: r.accept_user_phone ?? "" },
  payFee: r.pay_fee, paid: r.paid, refunded: r.refunded, runnerIncome: r.runner_income, freight: r.freight, freightPaid: r.freight_paid,
  goodsPic: r.goods_pic, createdAt: r.created_at, requireArriveTime: r.require_arrive_time, toComment: r.to_comment,
  sexLimit: r.sex_limit as -1 | 1 | 2, goodsClass: r.goods_class as GoodsClass, specialGoodId: r.special_good_id, buildingId: r.building_id,
  floor: r.floor, dormRoom: r.dorm_room, proxyReceiver: r.proxy_receiver, proxyReceiverPhone: r.proxy_receiver_phone, remark: r.remark,
  toTakeId: r.to_take_id, fee: r.fee, activityId: r.activity_id, prepayId: r.prepay_id, acceptedAt: r.accepted_at, finishedAt: r.finished_at
})

/** The columns an order's life changes (everything but its identity and what was chosen when it was placed). */
const changing = (o: ErrandOrderRecord) => ({
  status: o.status, accept_openid: o.accept?.openid ?? null, accept_user: o.accept?.name ?? null, accept_user_phone: o.accept?.phone ?? null,
  pay_fee: o.payFee, paid: o.paid, refunded: o.refunded, runner_income: o.runnerIncome, freight: o.freight, freight_paid: o.freightPaid,
  goods_pic: o.goodsPic, prepay_id: o.prepayId, to_comment: o.toComment, require_arrive_time: o.requireArriveTime,
  accepted_at: o.acceptedAt, finished_at: o.finishedAt
})

const toSpecialGood = (r: Selectable<DB["special_good"]>): SpecialGood => ({ id: r.id, name: r.name, liftFee: r.lift_fee, feeOne: r.fee_one, feeTwo: r.fee_two })

/** A building's own tiers: only the known names holding whole non-negative fen. */
const ownTiers = (fees: Record<string, unknown> | null): Partial<FeeTiers> =>
  Object.fromEntries(FEE_TIER_NAMES.flatMap((n) => {
    const v = fees?.[n]
    return typeof v === "number" && Number.isInteger(v) && v >= 0 ? [[n, v]] : []
  }))

const numberOrNull = (v: string | number | null): number | null => (v === null ? null : Number(v))

const toActivity = (r: Selectable<DB["errand_activity"]>): Activity => ({
  id: r.id, title: r.title, discount: numberOrNull(r.discount), fee: r.fee, countDaily: r.count_daily, remark: r.remark
})

const groupStatuses: Record<StatusGroup, { readonly op: "in" | "not in"; readonly statuses: ReadonlyArray<ErrandStatus> }> = {
  ing: { op: "not in", statuses: [4, 100] },
  complete: { op: "in", statuses: [100] },
  cancel: { op: "in", statuses: [4] }
}

export const errandStore = (db: Kysely<DB>) => {
  const goods = (worksiteId: string, buildingIds: ReadonlyArray<string> | null) =>
    db.selectFrom("special_good").selectAll().where("worksite_id", "=", worksiteId)
      .$if(buildingIds === null, (q) => q.where("building_id", "is", null))
      .$if(buildingIds !== null, (q) => q.where("building_id", "in", buildingIds!.length ? buildingIds! : [""]))
      .orderBy("sort").orderBy("id").execute()

  const buildingsOf = async (rows: ReadonlyArray<Selectable<DB["building"]>>): Promise<ReadonlyArray<BuildingRecord>> => {
    if (rows.length === 0) return []
    const own = await goods(rows[0]!.worksite_id, rows.map((r) => r.id))
    return rows.map((r) => ({
      id: r.id, worksiteId: r.worksite_id, name: r.name, tag: r.tag, area: r.area, isLift: r.is_lift, fees: ownTiers(r.fees),
      specialGoods: own.filter((g) => g.building_id === r.id).map(toSpecialGood), managerId: r.manager_id
    }))
  }

  const one = (run: () => Promise<OrderRow | undefined>) => query(run).pipe(Effect.map((r) => r && toErrandOrder(r)))

  const list = (column: "openid" | "accept_openid", openid: string, group: StatusGroup, page: PageRequest) =>
    query(() => keysetPaged(db.selectFrom("errand_order").where(column, "=", openid).where("status", groupStatuses[group].op, groupStatuses[group].statuses),
      page, (q) => q.selectAll()))
      .pipe(Effect.map((p) => ({ ...p, results: p.results.map(toErrandOrder) })))

  const insertOrder = async (o: ErrandOrderRecord) => {
    try {
      await db.insertInto("errand_order").values({
        id: o.id, order_no: o.orderNo, type: o.type, worksite_id: o.worksiteId, openid: o.openid, sex_limit: o.sexLimit, goods_class: o.goodsClass,
        special_good_id: o.specialGoodId, building_id: o.buildingId, floor: o.floor, dorm_room: o.dormRoom, proxy_receiver: o.proxyReceiver,
        proxy_receiver_phone: o.proxyReceiverPhone, remark: o.remark, to_take_id: o.toTakeId, fee: o.fee, activity_id: o.activityId,
        created_at: o.createdAt, ...changing(o)
      }).execute()
    } catch (e) {
      // another order for the parcel committed first: a fresh attempt finds the parcel moved and refuses
      if (isUniqueViolation(e, "errand_order_open_per_parcel")) throw new RetryableConflict("another errand order for this parcel was placed first", { cause: e })
      throw e
    }
  }

  return ErrandStore.of({
    settings: (worksiteId) =>
      query(async (): Promise<ErrandSettings | undefined> => {
        const w = await db.selectFrom("worksite").leftJoin("errand_settings as s", "s.worksite_id", "worksite.id")
          .select(["worksite.id", "worksite.service_end", "s.worksite_id as has", "s.lift_small_fee", "s.lift_middle_fee", "s.lift_big_fee",
            "s.small_fee_one", "s.small_fee_two", "s.middle_fee_one", "s.middle_fee_two", "s.big_fee_one", "s.big_fee_two",
            "s.paotui_order_last_time", "s.noon_door_service_begin", "s.noon_door_service_end", "s.pm_door_service_begin", "s.pm_door_service_end"])
          .where("worksite.id", "=", worksiteId).executeTakeFirst()
        if (!w || w.has === null) return undefined
        return {
          worksiteId: w.id, serviceEnd: w.service_end, paotuiOrderLastTime: w.paotui_order_last_time,
          fees: {
            liftSmallFee: w.lift_small_fee ?? 0, liftMiddleFee: w.lift_middle_fee ?? 0, liftBigFee: w.lift_big_fee ?? 0,
            smallFeeOne: w.small_fee_one ?? 0, smallFeeTwo: w.small_fee_two ?? 0, middleFeeOne: w.middle_fee_one ?? 0,
            middleFeeTwo: w.middle_fee_two ?? 0, bigFeeOne: w.big_fee_one ?? 0, bigFeeTwo: w.big_fee_two ?? 0
          },
          specialGoods: (await goods(worksiteId, null)).map(toSpecialGood),
          expressNoonDoorServiceBegin: w.noon_door_service_begin, expressNoonDoorServiceEnd: w.noon_door_service_end,
          expressPmDoorServiceBegin: w.pm_door_service_begin, expressPmDoorServiceEnd: w.pm_door_service_end
        }
      }),
    buildings: (worksiteId) =>
      query(async () => buildingsOf(await db.selectFrom("building").selectAll().where("worksite_id", "=", worksiteId).orderBy("sort").orderBy("name").orderBy("id").execute())),
    findBuilding: (id) =>
      query(async () => (await buildingsOf(await db.selectFrom("building").selectAll().where("id", "=", id).execute()))[0]),
    setBuildingManager: (buildingId, managerId) =>
      query(() => db.updateTable("building").set({ manager_id: managerId }).where("id", "=", buildingId).executeTakeFirst())
        .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
    activity: (worksiteId, kind) =>
      query(() => db.selectFrom("errand_activity").selectAll().where("worksite_id", "=", worksiteId).where("kind", "=", kind).where("active", "=", true).executeTakeFirst())
        .pipe(Effect.map((r) => r && toActivity(r))),
    activityCount: (activityId, day) =>
      query(() => db.selectFrom("errand_activity_day").select("count").where("activity_id", "=", activityId).where("day", "=", day).executeTakeFirst())
        .pipe(Effect.map((r) => r?.count ?? 0)),
    reserveActivityPlace: (activityId, day, limit) =>
      !Number.isFinite(limit) || limit < 1 ? Effect.succeed(false) :
      // One statement: the first place of the day inserts the row; each later one increments it only while below the
      // limit. Concurrent upserts on the same key wait for each other and see the latest count.
      query(() => sql<{ count: number }>`insert into errand_activity_day (activity_id, day, count) values (${activityId}, ${day}::date, 1)
        on conflict (activity_id, day) do update set count = errand_activity_day.count + 1
        where errand_activity_day.count < ${Math.min(Math.floor(limit), 2_147_483_647)}
        returning count`.execute(db))
        .pipe(Effect.map((r) => r.rows.length === 1)),
    releaseActivityPlace: (activityId, day) =>
      query(() => db.updateTable("errand_activity_day").set((eb) => ({ count: eb("count", "-", 1) }))
        .where("activity_id", "=", activityId).where("day", "=", day).where("count", ">", 0).execute()).pipe(Effect.asVoid),
    insert: (o) =>
      query(() => insertOrder(o)).pipe(Effect.asVoid),
    findById: (id) => one(() => db.selectFrom("errand_order").selectAll().where("id", "=", id).executeTakeFirst()),
    findByOrderNo: (orderNo) => one(() => db.selectFrom("errand_order").selectAll().where("order_no", "=", orderNo).executeTakeFirst()),
    replace: (next, from, acceptOpenid) =>
      query(() => db.updateTable("errand_order").set(changing(next)).where("id", "=", next.id).where("status", "=", from)
        .$if(acceptOpenid !== undefined, (q) => (acceptOpenid === null ? q.where("accept_openid", "is", null) : q.where("accept_openid", "=", acceptOpenid!)))
        .executeTakeFirst())
        .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
    transfer: (ids, fromOpenid, to) => {
      const wanted = [...new Set(ids)]
      if (wanted.length === 0) return Effect.succeed(false)
      // One statement: lock the runner's orders at status 1 among those named; move them only if all are there, and the
      // parcels of door deliveries with them (the runner a parcel names is who may collect it at the station)
      return query(() => sql<{ id: string }>`with held as (
          select id from errand_order where id in (${sql.join(wanted)}) and accept_openid = ${fromOpenid} and status = 1 for update
        ), moved as (
          update errand_order set accept_openid = ${to.openid}, accept_user = ${to.name}, accept_user_phone = ${to.phone}
          where id in (select id from held) and (select count(*) from held) = ${wanted.length}
          returning id, to_take_id
        ), parcels as (
          update parcel set paotui_openid = ${to.openid}
          where id in (select to_take_id from moved where to_take_id is not null) and paotui_openid = ${fromOpenid}
          returning id
        )
        select id from moved`.execute(db))
        .pipe(Effect.map((r) => r.rows.length === wanted.length))
    },
    hall: (worksiteId, sort) =>
      query(() => db.selectFrom("errand_order").selectAll().where("worksite_id", "=", worksiteId).where("status", "=", 0)
        .$if(sort === "fee", (q) => q.orderBy("pay_fee", "desc"))
        .orderBy("created_at", "desc").orderBy("id").limit(HALL_LIMIT).execute())
        .pipe(Effect.map((rows) => rows.map(toErrandOrder))),
    listForRequester: (openid, group, page) => list("openid", openid, group, page),
    listForRunner: (openid, group, page) => list("accept_openid", openid, group, page),
    dueUnpaid: (placedBy) =>
      query(() => db.selectFrom("errand_order").selectAll().where("status", "=", -1).where("created_at", "<=", placedBy).orderBy("created_at").limit(500).execute())
        .pipe(Effect.map((rows) => rows.map(toErrandOrder))),
    dueUnaccepted: (now) =>
      query(() => db.selectFrom("errand_order").selectAll().where("status", "=", 0).where("require_arrive_time", "<", now).orderBy("require_arrive_time").limit(500).execute())
        .pipe(Effect.map((rows) => rows.map(toErrandOrder))),
    haveToComment: (openid) =>
      query(() => db.selectFrom("errand_order").select("id").where("openid", "=", openid).where("status", "=", 100).where("to_comment", "=", true).limit(1).executeTakeFirst())
        .pipe(Effect.map((r) => r !== undefined)),
    comment: (c) =>
      // One statement: the rating is kept only by the change that clears `to_comment`.
      query(() => sql<{ order_id: string }>`with rated as (
          update errand_order set to_comment = false where id = ${c.orderId} and to_comment returning id
        )
        insert into errand_comment (order_id, accept_openid, score, tags, reward_money, created_at)
        select id, ${c.acceptOpenid}, ${c.score}, ${sql.val([...c.tags])}::smallint[], ${c.rewardMoney}, ${c.createdAt}::timestamptz from rated
        returning order_id`.execute(db))
        .pipe(Effect.map((r) => r.rows.length === 1)),
    recordStep: (step) =>
      query(() => db.insertInto("errand_step").values({ order_id: step.orderId, action: step.action, at: step.at }).execute()).pipe(Effect.asVoid),
    steps: (orderId) =>
      query(() => db.selectFrom("errand_step").select(["order_id", "action", "at"]).where("order_id", "=", orderId).orderBy("seq").execute())
        .pipe(Effect.map((rows) => rows.map((r) => ({ orderId: r.order_id, action: r.action as StepAction, at: new Date(r.at) }))))
  })
}
