/** ParcelStore, People and Catalogue over Postgres. */
import { Effect } from "effect"
import { sql, type Kysely, type Selectable } from "kysely"
import { ACTIVE_STATUSES, type ParcelStatus } from "../../../src/parcel/parcel"
import { Catalogue, ParcelStore, People, type ParcelRecord, type Person } from "../../../src/parcel/parcel-store"
import { nextFreeTag, nextTagAfter, TAG_MAX } from "../../../src/parcel/storage-code"
import type { DB } from "../schema"
import { offsetOf, PAGE_SIZE, pageOf, query } from "./query"

const TAG_WINDOW = 64

const toParcel = (r: Selectable<DB["parcel"]>): ParcelRecord => ({
  id: r.id, worksiteId: r.worksite_id, expressCompanyId: r.express_company_id, expressCompanyName: r.express_company_name,
  expressNo: r.express_no, storageNo: r.storage_no, tag: r.tag, weightId: r.weight_id, receiver: r.receiver,
  receiverId: r.receiver_id, receiverOpenid: r.receiver_openid, receiverPhone: r.receiver_phone, status: r.status as ParcelStatus,
  agentOpenid: r.agent_openid, paotuiOpenid: r.paotui_openid, safekeepPaidFen: r.safekeep_paid, createdAt: r.created_at,
  checkedInBy: r.checked_in_by
})

const activeTags = async (db: Kysely<DB>, worksiteId: string, among?: ReadonlyArray<number>) => {
  const rows = await db.selectFrom("parcel").select("tag")
    .where("worksite_id", "=", worksiteId).where("status", "in", ACTIVE_STATUSES)
    .$if(among !== undefined, (q) => q.where("tag", "in", among!))
    .execute()
  return new Set(rows.map((r) => r.tag))
}

/**
 * Locks the worksite's counter and, in the same round trip, reads which tags of the window after
 * it active parcels hold; the next free one is chosen by the core (whole table only when the
 * window is full). The counter moves with the parcel insert, so the lock is held for few trips.
 */
const allocateTag = async (db: Kysely<DB>, worksiteId: string): Promise<number | undefined> => {
  const { rows: [counter] } = await sql<{ last_tag: number; taken: number[] }>`
    with counter as (select last_tag from storage_tag where worksite_id = ${worksiteId} for update)
    select counter.last_tag, array(
      select p.tag from parcel p
      where p.worksite_id = ${worksiteId} and p.status in (${sql.join(ACTIVE_STATUSES)})
        and p.tag in (select ((counter.last_tag - 1 + g) % ${TAG_MAX}) + 1 from generate_series(1, ${TAG_WINDOW}) g)
    ) as taken
    from counter`.execute(db)
  if (!counter) throw new Error(`worksite ${worksiteId} has no storage tag counter`)
  const last = counter.last_tag
  const window = new Set(Array.from({ length: TAG_WINDOW }, (_, i) => nextTagAfter(last, i + 1)))
  const nearby = new Set(counter.taken)
  const inWindow = nextFreeTag(last, (t) => nearby.has(t) || !window.has(t))
  if (inWindow !== undefined) return inWindow
  const taken = await activeTags(db, worksiteId)
  return nextFreeTag(last, (t) => taken.has(t))
}

const isUniqueViolation = (e: unknown, constraint: string) =>
  typeof e === "object" && e !== null && (e as { code?: string }).code === "23505" && (e as { constraint?: string }).constraint === constraint

export const parcelStore = (db: Kysely<DB>) => ParcelStore.of({
  allocateTag: (worksiteId) => query(() => allocateTag(db, worksiteId)),
  insert: (p) =>
    query(async () => {
      try {
        await db.with("counter", (q) => q.updateTable("storage_tag").set({ last_tag: p.tag }).where("worksite_id", "=", p.worksiteId).returning("last_tag"))
          .insertInto("parcel").values({
          id: p.id, worksite_id: p.worksiteId, express_company_id: p.expressCompanyId, express_company_name: p.expressCompanyName,
          express_no: p.expressNo, storage_no: p.storageNo, tag: p.tag, weight_id: p.weightId, receiver: p.receiver,
          receiver_id: p.receiverId, receiver_openid: p.receiverOpenid, receiver_phone: p.receiverPhone, status: p.status,
          agent_openid: p.agentOpenid, paotui_openid: p.paotuiOpenid, safekeep_paid: p.safekeepPaidFen, created_at: p.createdAt,
          checked_in_by: p.checkedInBy
        }).execute()
        return "inserted" as const
      } catch (e) {
        if (isUniqueViolation(e, "parcel_active_express_no")) return "duplicateExpressNo" as const
        throw e
      }
    }),
  findById: (id) => query(() => db.selectFrom("parcel").selectAll().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toParcel(r))),
  safekeepingTerms: (worksiteId) =>
    query(() => db.selectFrom("worksite").select(["keep_free_hours", "keep_fee_per_day", "keep_fee_cap"]).where("id", "=", worksiteId).executeTakeFirstOrThrow())
      .pipe(Effect.map((w) => ({ freeHours: w.keep_free_hours, feePerDayFen: w.keep_fee_per_day, capFen: w.keep_fee_cap }))),
  findAtShelf: (k) =>
    // no parcel holds a tag outside 1..9999 (and Postgres would refuse NaN or a huge number as an integer)
    !Number.isInteger(k.tag) || k.tag < 1 || k.tag > TAG_MAX
      ? Effect.succeed(undefined)
      : query(() => db.selectFrom("parcel").selectAll().where("worksite_id", "=", k.worksiteId).where("express_no", "=", k.expressNo)
        .where("storage_no", "=", k.storageNo).where("tag", "=", k.tag).orderBy("created_at", "desc").executeTakeFirst())
        .pipe(Effect.map((r) => r && toParcel(r))),
  moveStatus: (id, from, to, signOpenid, at) =>
    query(() => db.updateTable("parcel").set({ status: to, sign_openid: signOpenid, signed_at: at })
      .where("id", "=", id).where("status", "=", from).executeTakeFirst())
      .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
  listForReceiver: (userId, statuses, page) =>
    query(async () => {
      const base = db.selectFrom("parcel").where("receiver_id", "=", userId).where("status", "in", statuses)
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy("created_at", "desc").orderBy("id").limit(PAGE_SIZE).offset(offsetOf(page)).execute(),
        base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()
      ])
      return pageOf(rows.map(toParcel), Number(count.n), page)
    })
})

const toPerson = (r: Selectable<DB["app_user"]>): Person => ({
  id: r.id, openid: r.openid, phoneMain: r.phone_main, phoneVice: r.phone_vice, realname: r.realname,
  nickname: r.nickname, subscribe: r.subscribe, worksiteId: r.worksite_id
})

export const people = (db: Kysely<DB>) => People.of({
  findById: (id) => query(() => db.selectFrom("app_user").selectAll().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toPerson(r))),
  findByPhone: (worksiteId, phone) =>
    query(() => db.selectFrom("app_user").selectAll().where("worksite_id", "=", worksiteId)
      .where((eb) => eb.or([eb("phone_main", "=", phone), eb("phone_vice", "=", phone)])).orderBy("created_at").executeTakeFirst())
      .pipe(Effect.map((r) => r && toPerson(r))),
  byPhoneSuffix: (worksiteId, last4) =>
    query(() => db.selectFrom("app_user").selectAll().where("worksite_id", "=", worksiteId)
      .where((eb) => eb.or([eb(eb.fn("right", ["phone_main", eb.val(4)]), "=", last4), eb(eb.fn("right", ["phone_vice", eb.val(4)]), "=", last4)]))
      .orderBy("created_at").limit(PAGE_SIZE).execute())
      .pipe(Effect.map((rows) => rows.map(toPerson)))
})

/** Carriers and dictionaries change only with a deploy or a seed: each answer is kept for a minute. */
export type CatalogueCache = Map<string, { readonly until: number; readonly rows: ReadonlyArray<{ readonly _id: string; readonly name: string }> }>

const CATALOGUE_TTL_MS = 60_000

const cached = (cache: CatalogueCache, key: string, load: () => Promise<ReadonlyArray<{ _id: string; name: string }>>) =>
  query(async () => {
    const hit = cache.get(key)
    if (hit && hit.until > Date.now()) return hit.rows
    const rows = await load()
    cache.set(key, { until: Date.now() + CATALOGUE_TTL_MS, rows })
    return rows
  })

export const catalogue = (db: Kysely<DB>, cache: CatalogueCache) => Catalogue.of({
  expressCompanies: (ids) =>
    cached(cache, `companies:${ids?.join(",") ?? "*"}`, () =>
      db.selectFrom("express_company").select(["id as _id", "name"]).$if(ids !== undefined, (q) => q.where("id", "in", ids!.length ? ids! : [""])).orderBy("id").execute())
      .pipe(Effect.map((rows) => (ids === undefined ? rows : [...rows].sort((a, b) => ids.indexOf(a._id) - ids.indexOf(b._id))))),
  dictValues: (dict) =>
    cached(cache, `dict:${dict}`, () => db.selectFrom("dict_value").select(["id as _id", "name"]).where("dict", "=", dict).orderBy("sort").execute())
})
