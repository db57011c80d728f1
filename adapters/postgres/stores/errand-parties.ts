/** The errand parties over Postgres: people by id or openid, and the type-1 order's parcel moved with its runner. */
import { Effect } from "effect"
import type { Kysely, Selectable } from "kysely"
import { ErrandParties, type ErrandPerson, type PlaceFacts, type PlacedOrder } from "#src/errand/errand-parties"
import type { AppUserTable, DB } from "../schema"
import { query } from "./query"

const columns = [
  "id", "openid", "realname", "nickname", "phone_main", "sex", "auth_status", "paotui_status", "is_paotui_leader", "pickup_able", "worksite_id"
] as const

const toPerson = (r: Pick<Selectable<AppUserTable>, (typeof columns)[number]>): ErrandPerson => ({
  id: r.id, openid: r.openid, name: r.realname || r.nickname || "", phone: r.phone_main ?? "", sex: r.sex, authStatus: r.auth_status,
  paotuiStatus: r.paotui_status, isPaotuiLeader: r.is_paotui_leader, pickupAble: r.pickup_able, worksiteId: r.worksite_id
})

export const errandParties = (db: Kysely<DB>) =>
  ErrandParties.of({
    byId: (id) =>
      query(() => db.selectFrom("app_user").select(columns).where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toPerson(r))),
    byOpenid: (openid) =>
      query(() => db.selectFrom("app_user").select(columns).where("openid", "=", openid).orderBy("id").limit(1).executeTakeFirst())
        .pipe(Effect.map((r) => r && toPerson(r))),
    byOpenids: (openids) =>
      openids.length === 0 ? Effect.succeed(new Map()) :
      query(() => db.selectFrom("app_user").select(columns).distinctOn("openid").where("openid", "in", [...new Set(openids)])
        .orderBy("openid").orderBy("id").execute())
        .pipe(Effect.map((rows) => new Map(rows.map((r) => [r.openid, toPerson(r)] as const)))),
    moveParcel: (parcelId, from, to, runnerOpenid) =>
      query(() => db.updateTable("parcel")
        .set({ status: to, ...(runnerOpenid === undefined ? {} : { paotui_openid: runnerOpenid }) })
        .where("id", "=", parcelId).where("status", "=", from).executeTakeFirst())
        .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
    openOrderOfParcel: (parcelId) =>
      query(() => db.selectFrom("errand_order").select("id").where("to_take_id", "=", parcelId).where("status", "not in", [4, 100]).executeTakeFirst())
        .pipe(Effect.map((r) => r?.id)),
    placeFacts: (o) => query(() => placeFactsOf(db, [o])).pipe(Effect.map((facts) => facts[0]!)),
    placeFactsOf: (orders) => orders.length === 0 ? Effect.succeed([]) : query(() => placeFactsOf(db, orders))
  })

/** The orders' buildings and parcels, each kind in one read (a page of a list named its places one order at a time). */
const placeFactsOf = async (db: Kysely<DB>, orders: ReadonlyArray<PlacedOrder>): Promise<ReadonlyArray<PlaceFacts>> => {
  const buildingIds = [...new Set(orders.flatMap((o) => (o.buildingId ? [o.buildingId] : [])))]
  const parcelIds = [...new Set(orders.flatMap((o) => (o.toTakeId ? [o.toTakeId] : [])))]
  const [buildings, parcels] = await Promise.all([
    buildingIds.length ? db.selectFrom("building").select(["id", "name"]).where("id", "in", buildingIds).execute() : [],
    parcelIds.length
      ? db.selectFrom("parcel").innerJoin("worksite", "worksite.id", "parcel.worksite_id")
        .select(["parcel.id", "worksite.short_name as station", "parcel.storage_no", "parcel.tag"]).where("parcel.id", "in", parcelIds).execute()
      : []
  ])
  const buildingBy = new Map(buildings.map((b) => [b.id, b.name]))
  const parcelBy = new Map(parcels.map((p) => [p.id, p]))
  return orders.map((o) => {
    const parcel = o.toTakeId ? parcelBy.get(o.toTakeId) : undefined
    return {
      buildingName: (o.buildingId ? buildingBy.get(o.buildingId) : undefined) ?? null,
      station: parcel?.station ?? null,
      shelf: parcel && parcel.storage_no !== "" && parcel.storage_no !== "-" ? `${parcel.storage_no}-${parcel.tag}` : null
    }
  })
}
