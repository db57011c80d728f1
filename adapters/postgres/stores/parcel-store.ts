/** ParcelStore, People and Catalogue over Postgres. */
import { Effect } from "effect"
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder } from "kysely"
import type { ParcelStatus } from "#src/parcel/parcel"
import type { PageRequest } from "#src/shared/paging"
import {
  Catalogue, ParcelStore, People, type CheckInFollowUps, type CheckInOutcome, type CollectParcel, type ParcelDraft, type ParcelRecord,
  type Person
} from "#src/parcel/parcel-store"
import { TAG_MAX, TAG_MIN } from "#src/parcel/storage-code"
import { isUniqueViolation, RetryableConflict } from "../retryable"
import type { DB } from "../schema"
import { keysetPaged, keysetUnionBranch, PAGE_SIZE } from "../paging"
import { query } from "./query"

const toParcel = (r: Selectable<DB["parcel"]>): ParcelRecord => ({
  id: r.id, worksiteId: r.worksite_id, expressCompanyId: r.express_company_id, expressCompanyName: r.express_company_name,
  expressNo: r.express_no, storageNo: r.storage_no, tag: r.tag, weightId: r.weight_id, receiver: r.receiver,
  receiverId: r.receiver_id, receiverOpenid: r.receiver_openid, receiverPhone: r.receiver_phone, status: r.status as ParcelStatus,
  agentOpenid: r.agent_openid, paotuiOpenid: r.paotui_openid, safekeepPaidFen: r.safekeep_paid, createdAt: r.created_at,
  checkedInBy: r.checked_in_by
})

const toCollectParcel = (r: Selectable<DB["parcel"]> & { readonly paotui_order_no: string | null }): CollectParcel => ({
  ...toParcel(r), agentId: r.agent_id, agent: r.agent, agentPhone: r.agent_phone, type: r.type, deviceAddress: r.device_address,
  boxDoor: r.box_door, boxOpenedAt: r.box_opened_at, paotuiOrderNo: r.paotui_order_no
})

/** The order number of the parcel's open door-delivery errand (as `openOrderOfParcel` finds it), beside its columns. */
const openErrandNo = (eb: ExpressionBuilder<DB, "parcel">) =>
  eb.selectFrom("errand_order").select("errand_order.order_no").whereRef("errand_order.to_take_id", "=", "parcel.id")
    .where("errand_order.status", "not in", [4, 100]).orderBy("errand_order.created_at", "desc").limit(1).as("paotui_order_no")

/**
 * The parcels the user receives, and those they were chosen to pick up, in these statuses (at this worksite, when one
 * is named): one source per role, each read through its own index (receiver or agent, status, newest first). With
 * `page`, each source gives only the rows that page needs. An `or` of the two columns read the user's whole history
 * through a bitmap and sorted it, for every page and its count.
 */
const heldBy = (db: Kysely<DB>, userId: string, statuses: ReadonlyArray<ParcelStatus>, worksiteId?: string, page?: PageRequest) => {
  const of = (q: SelectQueryBuilder<DB, "parcel", {}>) => {
    const filtered = q.selectAll().where("status", "in", statuses.length ? statuses : [-1])
      .$if(worksiteId !== undefined, (w) => w.where("worksite_id", "=", worksiteId!))
    return page === undefined ? filtered : keysetUnionBranch(filtered, page)
  }
  const received = of(db.selectFrom("parcel").where("receiver_id", "=", userId))
  const picking = of(db.selectFrom("parcel").where("agent_id", "=", userId).where("receiver_id", "is distinct from", userId))
  return db.selectFrom(db.selectFrom(received.as("received")).selectAll().unionAll(db.selectFrom(picking.as("picking")).selectAll()).as("parcel"))
}

/**
 * One call, one round trip (see migrations/2026-11-23T1100-check-in-statement.ts, the one place the
 * tag is picked): the counter lock, the next free tag in the core's range (wrapping 9999 → 1), the
 * parcel, its SMS, its template message and its operations-log row, completed with the tag and code. Atomic on its own, so
 * it needs no transaction; inside one it joins it.
 */
const checkIn = async (db: Kysely<DB>, p: ParcelDraft, f: CheckInFollowUps): Promise<CheckInOutcome> => {
  try {
    const { rows } = await sql<{ tag: number | null }>`select station_check_in(
      ${p.id}, ${p.worksiteId}, ${p.expressCompanyId}, ${p.expressCompanyName}, ${p.expressNo}, ${p.storageNo}, ${p.weightId},
      ${p.receiver}, ${p.receiverId}, ${p.receiverOpenid}, ${p.receiverPhone}, ${p.status}::smallint, ${p.agentOpenid}, ${p.paotuiOpenid},
      ${p.safekeepPaidFen}::integer, ${p.createdAt}::timestamptz, ${p.checkedInBy}, ${TAG_MIN}::integer, ${TAG_MAX}::integer,
      ${f.sms === undefined ? null : JSON.stringify(f.sms)}::jsonb, ${f.template === undefined ? null : JSON.stringify(f.template)}::jsonb,
      ${JSON.stringify(f.log)}::jsonb) as tag`.execute(db)
    const tag = rows[0]?.tag
    return tag === null || tag === undefined ? "shelvesFull" : { tag }
  } catch (e) {
    if (isUniqueViolation(e, "parcel_active_express_no")) return "duplicateExpressNo"
    // a parcel stored past the counter (not by a check-in) took the tag first
    if (isUniqueViolation(e, "parcel_active_tag")) throw new RetryableConflict("another parcel took the tag first", { cause: e })
    throw e
  }
}

export const parcelStore = (db: Kysely<DB>) => ParcelStore.of({
  checkIn: (parcel, followUps) => query(() => checkIn(db, parcel, followUps)),
  findById: (id) => query(() => db.selectFrom("parcel").selectAll().where("id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toParcel(r))),
  safekeepingTerms: (worksiteId) =>
    query(() => db.selectFrom("worksite").select(["keep_free_hours", "keep_fee_per_day", "keep_fee_cap"]).where("id", "=", worksiteId).executeTakeFirstOrThrow())
      .pipe(Effect.map((w) => ({ freeHours: w.keep_free_hours, feePerDayFen: w.keep_fee_per_day, capFen: w.keep_fee_cap }))),
  findAtShelf: (k) =>
    // no parcel holds a tag outside 1..9999 (and Postgres would refuse NaN or a huge number as an integer)
    !Number.isInteger(k.tag) || k.tag < TAG_MIN || k.tag > TAG_MAX
      ? Effect.succeed(undefined)
      : query(() => db.selectFrom("parcel").selectAll().where("worksite_id", "=", k.worksiteId).where("express_no", "=", k.expressNo)
        .where("storage_no", "=", k.storageNo).where("tag", "=", k.tag).orderBy("created_at", "desc").executeTakeFirst())
        .pipe(Effect.map((r) => r && toParcel(r))),
  moveStatus: (id, from, to, signOpenid, at) =>
    query(() => db.updateTable("parcel").set({ status: to, sign_openid: signOpenid, signed_at: at })
      .where("id", "=", id).where("status", "=", from).executeTakeFirst())
      .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
  listForReceiver: (userId, statuses, page) =>
    query(() => keysetPaged(db.selectFrom("parcel").where("receiver_id", "=", userId).where("status", "in", statuses), page, (q) => q.selectAll()))
      .pipe(Effect.map((p) => ({ ...p, results: p.results.map(toParcel) }))),
  listByStatus: (f) =>
    f.statuses.length === 0 ? Effect.succeed([]) :
    query(() => db.selectFrom("parcel").selectAll().where("status", "in", f.statuses)
      .$if(f.worksiteId !== undefined, (q) => q.where("worksite_id", "=", f.worksiteId!))
      .$if(f.expressCompanyId !== undefined, (q) => q.where("express_company_id", "=", f.expressCompanyId!))
      .$if(f.checkedInBy !== undefined, (q) => q.where("created_at", "<=", f.checkedInBy!))
      .orderBy("created_at").orderBy("id")
      .$if(f.limit !== undefined, (q) => q.limit(f.limit!))
      .execute())
      .pipe(Effect.map((rows) => rows.map(toParcel))),
  changeStatus: (id, from, to) =>
    query(() => db.updateTable("parcel").set({ status: to }).where("id", "=", id).where("status", "=", from).executeTakeFirst())
      .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
  findToCollect: (id) =>
    query(() => db.selectFrom("parcel").selectAll("parcel").select(openErrandNo).where("parcel.id", "=", id).executeTakeFirst()).pipe(Effect.map((r) => r && toCollectParcel(r))),
  listForHolder: (userId, statuses, page, worksiteId) =>
    query(() => keysetPaged(heldBy(db, userId, statuses, worksiteId, page), page,
      (q) => q.selectAll("parcel").select(openErrandNo), { at: "parcel.created_at", id: "parcel.id" }, heldBy(db, userId, statuses, worksiteId)))
      .pipe(Effect.map((p) => ({ ...p, results: p.results.map(toCollectParcel) }))),
  moveWithAgent: (id, from, to, agent) =>
    query(() => db.updateTable("parcel")
      .set({ status: to, agent_id: agent?.id ?? null, agent_openid: agent?.openid ?? null, agent: agent?.name ?? null, agent_phone: agent?.phone ?? null })
      .where("id", "=", id).where("status", "=", from).executeTakeFirst())
      .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
  openBox: (id, from, to, signOpenid, at) =>
    query(() => db.updateTable("parcel").set({ status: to, sign_openid: signOpenid, signed_at: at, box_opened_at: at })
      .where("id", "=", id).where("status", "=", from).where("box_opened_at", "is", null).executeTakeFirst())
      .pipe(Effect.map((r) => r.numUpdatedRows === 1n)),
  collectRules: (worksiteId) =>
    query(() => db.selectFrom("worksite").select(["self_sign_able", "paotui_able", "short_name", "service_phone"]).where("id", "=", worksiteId).executeTakeFirst())
      .pipe(Effect.map((w) => ({
        selfSignAble: w?.self_sign_able ?? false, paotuiAble: w?.paotui_able ?? false, shortName: w?.short_name ?? "", servicePhone: w?.service_phone ?? ""
      }))),
  countForHolder: (userId, statuses, worksiteId) =>
    query(() => heldBy(db, userId, statuses, worksiteId).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow())
      .pipe(Effect.map((r) => Number(r.n))),
  recordSafekeepPaid: (id, deltaFen) =>
    query(() => db.updateTable("parcel").set((eb) => ({ safekeep_paid: eb("safekeep_paid", "+", deltaFen) })).where("id", "=", id)
      .returning("safekeep_paid").executeTakeFirst())
      .pipe(Effect.map((r) => r?.safekeep_paid))
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
