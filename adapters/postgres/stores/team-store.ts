/** TeamStore over Postgres: runners and leaders from app_user, building counts and a runner's day from errand_order. */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import { TeamStore, type Member } from "#src/errand/team-store"
import type { DB } from "../schema"
import { toErrandOrder } from "./errand-store"
import { query } from "./query"

const memberColumns = [
  "id", "openid", "paotui_status", "is_paotui_leader", "paotui_leader", "worksite_id", "realname", "nickname", "phone_main", "headimg_base64", "invitation"
] as const

type MemberRow = Pick<Selectable<DB["app_user"]>, (typeof memberColumns)[number]>

const toMember = (r: MemberRow): Member => ({
  id: r.id, openid: r.openid, paotuiStatus: r.paotui_status, isPaotuiLeader: r.is_paotui_leader, paotuiLeader: r.paotui_leader,
  worksiteId: r.worksite_id, realname: r.realname, nickname: r.nickname, phoneMain: r.phone_main, headimgBase64: r.headimg_base64, invitation: r.invitation
})

const one = (row: MemberRow | undefined) => (row ? toMember(row) : undefined)

export const teamStore = (db: Kysely<DB>) => TeamStore.of({
  byId: (userId) => query(() => db.selectFrom("app_user").select(memberColumns).where("id", "=", userId).executeTakeFirst()).pipe(Effect.map(one)),
  byOpenid: (openid) => query(() => db.selectFrom("app_user").select(memberColumns).where("openid", "=", openid).executeTakeFirst()).pipe(Effect.map(one)),
  byPhone: (phone) =>
    query(() => db.selectFrom("app_user").select(memberColumns)
      .where((eb) => eb.or([eb("phone_main", "=", phone), eb("phone_vice", "=", phone)]))
      .orderBy(sql`phone_main = ${phone}`, "desc").orderBy("id").executeTakeFirst()).pipe(Effect.map(one)),
  buildingCounts: (worksiteId, from, to) =>
    query(() => db.selectFrom("building")
      .leftJoin("errand_order", (j) => j.onRef("errand_order.building_id", "=", "building.id")
        .on("errand_order.type", "=", 1).on("errand_order.created_at", ">=", from).on("errand_order.created_at", "<", to))
      .where("building.worksite_id", "=", worksiteId)
      .select((eb) => [
        "building.id", "building.name",
        eb.fn.count<string>("errand_order.id").filterWhere("errand_order.status", "=", 1).as("to_pickup"),
        eb.fn.count<string>("errand_order.id").filterWhere("errand_order.status", "=", 2).as("sending"),
        eb.fn.count<string>("errand_order.id").filterWhere("errand_order.status", "=", 3).as("to_sign"),
        eb.fn.count<string>("errand_order.id").filterWhere("errand_order.status", "=", 100).as("completed")
      ])
      .groupBy(["building.id", "building.name", "building.sort"]).orderBy("building.sort").orderBy("building.name").execute())
      .pipe(Effect.map((rows) => rows.map((r) => ({
        buildingId: r.id, name: r.name, toPickup: Number(r.to_pickup), sending: Number(r.sending), toSign: Number(r.to_sign), completed: Number(r.completed)
      })))),
  dayOrders: (runnerOpenid, from, to) =>
    query(() => db.selectFrom("errand_order as o")
      .leftJoin("parcel as p", "p.id", "o.to_take_id")
      .leftJoin("building as b", "b.id", "o.building_id")
      .leftJoin("app_user as u", "u.openid", "o.openid")
      .where("o.accept_openid", "=", runnerOpenid).where("o.status", "<>", 4)
      .where("o.accepted_at", ">=", from).where("o.accepted_at", "<", to)
      .selectAll("o")
      .select([
        "p.id as parcel_id", "p.express_company_name", "p.storage_no", "p.tag", "p.receiver", "p.receiver_phone", "b.name as building_name",
        "u.realname", "u.nickname", "u.phone_main"
      ])
      .orderBy("o.accepted_at").orderBy("o.id").execute())
      .pipe(Effect.map((rows) => rows.map((r) => ({
        order: toErrandOrder(r),
        parcel: r.parcel_id === null ? null : {
          expressCompanyName: r.express_company_name ?? "", storageNo: r.storage_no ?? "", tag: r.tag ?? 0, receiver: r.receiver ?? "", receiverPhone: r.receiver_phone ?? ""
        },
        buildingName: r.building_name,
        requesterName: r.realname || r.nickname || "",
        requesterPhone: r.phone_main ?? ""
      })))),
  paidTips: (orderId) =>
    query(() => db.selectFrom("pay_trade").select((eb) => eb.fn.coalesce(eb.fn.sum<string>("amount_fen"), sql<string>`0`).as("n"))
      .where("kind", "=", "tip").where("ref_id", "=", orderId).where("status", "=", "paid").executeTakeFirstOrThrow())
      .pipe(Effect.map((r) => Number(r.n)))
})
