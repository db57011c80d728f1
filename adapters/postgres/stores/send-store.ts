/**
 * SendStore over Postgres, the one writer of `send_order`: settings and carriers, the tariff, send orders whose
 * every status change is `UPDATE … WHERE status = from` (a freight set also `AND freight IS NULL AND NOT
 * freight_paid`); and the door pickup's send order as its errand's edges move it (DoorPickupSendOrders).
 */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import type { BookingContact, DoorPickup, GoodsType } from "#src/sending/booking"
import type { TariffRow } from "#src/sending/freight"
import { DoorPickupSendOrders } from "#src/errand/door-pickup"
import { SendStore, type SendCompany, type SendingSettings, type SendRecord } from "#src/sending/send-store"
import { SendStatus, type SendStatus as Status } from "#src/sending/status-machine"
import { TIMELINE_OPS, type TimelineOp } from "#src/sending/timeline"
import type { DB } from "../schema"
import { query } from "./query"

type Row = Selectable<DB["send_order"]>

const contact = (v: unknown): BookingContact => {
  const o = (typeof v === "string" ? JSON.parse(v) : v) as Record<string, string>
  return {
    name: o.name ?? "", phone: o.phone ?? "", province: o.province ?? "", city: o.city ?? "", county: o.county ?? "",
    provinceName: o.provinceName ?? "", cityName: o.cityName ?? "", countyName: o.countyName ?? "", detail: o.detail ?? ""
  }
}

const pickupOf = (r: Row): DoorPickup | null =>
  r.door_pickup
    ? {
        goodsType: (r.goods_type ?? 1) as GoodsType, largeCategory: r.large_category, dormBuilding: r.dorm_building ?? "", dormFloor: r.dorm_floor ?? 1,
        dormRoom: r.dorm_room ?? "", requireArriveTime: r.require_arrive_time ?? r.created_at, sexLimit: r.sex_limit as -1 | 1 | 2, reward: r.fee,
        note: r.paotui_remark
      }
    : null

export const toSendRecord = (r: Row & { sender_openid: string }): SendRecord => ({
  id: r.id, orderNo: r.order_no, status: r.status as Status, senderId: r.sender_id, senderOpenid: r.sender_openid, worksiteId: r.worksite_id,
  companyId: r.company_id, doorPickup: r.door_pickup, runnerId: r.runner_id, freight: r.freight, freightWeight: r.freight_weight,
  freightPaid: r.freight_paid, isDaofu: r.is_daofu, expressNo: r.express_no, sender: contact(r.sender), receiver: contact(r.receiver),
  goodsName: r.goods_name, goodsCount: r.goods_count, estimateWeight: r.estimate_weight, insureMoney: r.insure_money, insureFreight: r.insure_freight,
  remark: r.remark, goodsPic: r.goods_pic, errandId: r.errand_id, pickup: pickupOf(r), createdAt: r.created_at, sentAt: r.sent_at
})

export const sendStore = (db: Kysely<DB>) => {
  const orders = () =>
    db.selectFrom("send_order").innerJoin("app_user", "app_user.id", "send_order.sender_id").selectAll("send_order").select("app_user.openid as sender_openid")
  const one = (run: () => Promise<(Row & { sender_openid: string }) | undefined>) => query(run).pipe(Effect.map((r) => r && toSendRecord(r)))
  return SendStore.of({
    settings: (worksiteId) =>
      query(async () => {
        const s = await db.selectFrom("sending_settings").selectAll().where("worksite_id", "=", worksiteId).executeTakeFirst()
        if (!s) return undefined
        const companies = await db.selectFrom("send_company").innerJoin("express_company", "express_company.id", "send_company.company_id")
          .select(["send_company.company_id", "express_company.name", "send_company.code", "send_company.surface_height", "send_company.surface_width"])
          .where("send_company.worksite_id", "=", worksiteId).orderBy("send_company.sort").orderBy("send_company.company_id").execute()
        const evening = await db.selectFrom("errand_settings").select("pm_door_service_end").where("worksite_id", "=", worksiteId).executeTakeFirst()
        const settings: SendingSettings = {
          worksiteId, jijianAble: s.jijian_able, daofuAble: s.daofu_able, daofuCarrierCode: s.daofu_carrier_code, yunfeiPic: s.yunfei_pic,
          printers: {
            ...(s.printer150_host && s.printer150_port ? { 150: { host: s.printer150_host, port: s.printer150_port, protocol: s.printer150_protocol, path: s.printer150_path ?? undefined } } : {}),
            ...(s.printer180_host && s.printer180_port ? { 180: { host: s.printer180_host, port: s.printer180_port, protocol: s.printer180_protocol, path: s.printer180_path ?? undefined } } : {})
          },
          companies: companies.map((c): SendCompany => ({
            id: c.company_id, name: c.name, code: c.code, surfaceHeight: c.surface_height ?? undefined, surfaceWidth: c.surface_width ?? undefined
          })),
          eveningEnd: evening?.pm_door_service_end ?? null
        }
        return settings
      }),
    setPrinter: (worksiteId, slot, printer) =>
      query(async () => {
        const columns = slot === 150
          ? { printer150_host: printer?.host ?? null, printer150_port: printer?.port ?? null, printer150_protocol: printer?.protocol ?? "raw9100", printer150_path: printer?.path ?? null }
          : { printer180_host: printer?.host ?? null, printer180_port: printer?.port ?? null, printer180_protocol: printer?.protocol ?? "raw9100", printer180_path: printer?.path ?? null }
        await db.insertInto("sending_settings").values({ worksite_id: worksiteId, ...columns })
          .onConflict((oc) => oc.column("worksite_id").doUpdateSet(columns)).execute()
      }),
    tariff: (worksiteId) =>
      query(() => db.selectFrom("freight_tariff").selectAll().where("worksite_id", "=", worksiteId).execute()).pipe(Effect.map((rows) =>
        rows.map((r): TariffRow => ({ worksiteId: r.worksite_id, companyCode: r.company_code, toProvinceCode: r.to_province_code, firstKg: r.first_kg, extraKg: r.extra_kg })))),
    importTariff: (rows) =>
      query(async () => {
        const pairs = new Map<string, { worksiteId: string; companyCode: string }>()
        for (const r of rows) pairs.set(`${r.worksiteId}\u0000${r.companyCode}`, r)
        for (const p of pairs.values()) {
          await db.deleteFrom("freight_tariff").where("worksite_id", "=", p.worksiteId).where("company_code", "=", p.companyCode).execute()
        }
        if (rows.length > 0) {
          await db.insertInto("freight_tariff").values(rows.map((r) => ({
            worksite_id: r.worksiteId, company_code: r.companyCode, to_province_code: r.toProvinceCode, first_kg: r.firstKg, extra_kg: r.extraKg
          }))).execute()
        }
        return rows.length
      }),
    hasBuilding: (worksiteId, buildingId) =>
      query(() => db.selectFrom("building").select("id").where("id", "=", buildingId).where("worksite_id", "=", worksiteId).executeTakeFirst())
        .pipe(Effect.map((r) => r !== undefined)),
    insert: (o) =>
      query(async () => {
        await db.insertInto("send_order").values({
          id: o.id, order_no: o.orderNo, status: o.status, worksite_id: o.worksiteId, sender_id: o.senderId, company_id: o.companyId,
          sender: JSON.stringify(o.sender), receiver: JSON.stringify(o.receiver), goods_name: o.goodsName, goods_count: o.goodsCount,
          estimate_weight: o.estimateWeight, insure_money: o.insureMoney, insure_freight: o.insureFreight, is_daofu: o.isDaofu, freight: o.freight,
          freight_weight: o.freightWeight, freight_paid: o.freightPaid, goods_pic: o.goodsPic, express_no: o.expressNo, remark: o.remark,
          door_pickup: o.doorPickup, errand_id: o.errandId, runner_id: o.runnerId, paotui_remark: o.pickup?.note ?? "",
          goods_type: o.pickup?.goodsType ?? null, large_category: o.pickup?.largeCategory ?? null, dorm_building: o.pickup?.dormBuilding ?? null,
          dorm_floor: o.pickup?.dormFloor ?? null, dorm_room: o.pickup?.dormRoom ?? null, require_arrive_time: o.pickup?.requireArriveTime ?? null,
          sex_limit: o.pickup?.sexLimit ?? -1, fee: o.pickup?.reward ?? 0, created_at: o.createdAt, sent_at: o.sentAt
        }).execute()
      }),
    findById: (id) => one(() => orders().where("send_order.id", "=", id).executeTakeFirst()),
    findByOrderNo: (orderNo) => one(() => orders().where("send_order.order_no", "=", orderNo).executeTakeFirst()),
    findByErrandId: (errandId) => one(() => orders().where("send_order.errand_id", "=", errandId).executeTakeFirst()),
    findByCode: (worksiteId, code) =>
      one(() => orders().where("send_order.worksite_id", "=", worksiteId)
        .where((eb) => eb.or([eb("send_order.order_no", "=", code), eb("send_order.express_no", "=", code)])).executeTakeFirst()),
    listForSender: (senderId, statuses) =>
      statuses.length === 0 ? Effect.succeed([]) :
      query(() => orders().where("send_order.sender_id", "=", senderId).where("send_order.status", "in", [...statuses])
        .orderBy("send_order.created_at", "desc").limit(200).execute()).pipe(Effect.map((rows) => rows.map(toSendRecord))),
    replace: (o, from) =>
      query(async () => {
        let q = db.updateTable("send_order").set({
          status: o.status, company_id: o.companyId, runner_id: o.runnerId, freight: o.freight, freight_weight: o.freightWeight, freight_paid: o.freightPaid,
          is_daofu: o.isDaofu, express_no: o.expressNo, goods_pic: o.goodsPic, sent_at: o.sentAt
        }).where("id", "=", o.id).where("status", "=", from)
        // freight is set once: only while none exists and it is unpaid (two staff at once → one wins)
        if (from === SendStatus.awaitingFreight && o.status !== from) q = q.where("freight", "is", null).where("freight_paid", "=", false)
        const r = await q.executeTakeFirst()
        return Number(r.numUpdatedRows) === 1
      }),
    toScanCounts: (worksiteId) =>
      query(() => db.selectFrom("send_order").select(["company_id", sql<number>`count(*)::int`.as("n")])
        .where("worksite_id", "=", worksiteId).where("status", "=", SendStatus.awaitingOutOfStock).groupBy("company_id").execute())
        .pipe(Effect.map((rows) => new Map(rows.filter((r) => r.company_id !== null).map((r) => [r.company_id!, Number(r.n)])))),
    history: (orderId) =>
      query(() => db.selectFrom("ops_log").select(["op", "at"]).where("op", "in", [...TIMELINE_OPS])
        .where(sql<string>`outcome->>'id'`, "=", orderId).orderBy("seq").execute())
        .pipe(Effect.map((rows) => rows.map((r) => ({ op: r.op as TimelineOp, at: new Date(r.at) })))),
    senderAt: (worksiteId, openid) =>
      query(() => db.selectFrom("send_order").innerJoin("app_user", "app_user.id", "send_order.sender_id").select("app_user.id")
        .where("app_user.openid", "=", openid).where("send_order.worksite_id", "=", worksiteId).limit(1).executeTakeFirst()).pipe(Effect.map((r) => r?.id))
  })
}

export const doorPickupSendOrders = (db: Kysely<DB>) => DoorPickupSendOrders.of({
  move: (errandId, m) =>
    query(() => db.updateTable("send_order")
      .set({ status: m.to, ...(m.runnerId !== undefined ? { runner_id: m.runnerId } : {}), ...(m.isDaofu ? { is_daofu: true } : {}) })
      .where("errand_id", "=", errandId).where("status", "=", m.from)
      .returning(["id", "order_no", "status", "worksite_id", "sender_id", "express_no", "freight", "is_daofu"]).executeTakeFirst())
      .pipe(Effect.map((r) => r && {
        id: r.id, orderNo: r.order_no, status: r.status as Status, worksiteId: r.worksite_id, senderId: r.sender_id, expressNo: r.express_no,
        freight: r.freight, isDaofu: r.is_daofu
      }))
})
