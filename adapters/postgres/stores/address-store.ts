/** AddressStore over Postgres; the user's row is the lock that keeps one default per address book. */
import { Effect } from "effect"
import type { Kysely, Selectable } from "kysely"
import type { Address } from "#src/address/address"
import { AddressStore } from "#src/address/address-store"
import type { DB } from "../schema"
import { query } from "./query"

const toAddress = (r: Selectable<DB["address"]>): Address => ({
  id: r.id, userId: r.user_id, name: r.name, phone: r.phone, province: r.province, city: r.city, county: r.county,
  provinceName: r.province_name, cityName: r.city_name, countyName: r.county_name, detail: r.detail, isDefault: r.is_default
})

export const addressStore = (db: Kysely<DB>) => AddressStore.of({
  list: (userId) =>
    query(() => db.selectFrom("address").selectAll().where("user_id", "=", userId).orderBy("is_default", "desc").orderBy("created_at").orderBy("id").execute())
      .pipe(Effect.map((rows) => rows.map(toAddress))),
  lockBook: (userId) =>
    query(async () => {
      await db.selectFrom("app_user").select("id").where("id", "=", userId).forUpdate().execute()
      const { n } = await db.selectFrom("address").select((eb) => eb.fn.countAll<string>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow()
      return Number(n)
    }),
  insert: (a, at) =>
    query(() => db.insertInto("address").values({
      id: a.id, user_id: a.userId, name: a.name, phone: a.phone, province: a.province, city: a.city, county: a.county,
      province_name: a.provinceName, city_name: a.cityName, county_name: a.countyName, detail: a.detail, is_default: a.isDefault,
      created_at: at
    }).execute()),
  find: (id) => query(() => db.selectFrom("address").selectAll().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toAddress(r))),
  remove: (id) => query(() => db.deleteFrom("address").where("id", "=", id).execute())
})
