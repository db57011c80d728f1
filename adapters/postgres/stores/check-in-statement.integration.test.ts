/**
 * The check-in statement (`station_check_in`, migrations/2026-11-23T1100-check-in-statement.ts) is the one
 * place that picks a parcel's tag; no TypeScript copy of it exists. Checked here by what it does, on PGlite
 * and real Postgres: the tag it hands out is held by no active parcel of the worksite, every tag it passed
 * over since the last issued one (wrapping 9999 → 1) is held by one, a full station answers shelvesFull
 * and writes nothing, the SMS and the log row carry the tag and the code; and the statuses it counts as
 * holding a tag (or an express number) are exactly the core's `ACTIVE_STATUSES`.
 */
import { Effect, Exit } from "effect"
import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ACTIVE_STATUSES, ParcelStatus } from "#src/parcel/parcel"
import type { CheckInFollowUps, ParcelDraft } from "#src/parcel/parcel-store"
import { storageCode, TAG_MAX, TAG_MIN } from "#src/parcel/storage-code"
import { backends, startTestApp, type TestApp } from "../../../test/support/test-app"
import { parcelStore } from "./parcel-store"
import { SYSTEM_ACTOR } from "#src/parcel/returns"

const WORKSITE = "ws-dongyuan"
const ALL_STATUSES: ReadonlyArray<ParcelStatus> = Object.values(ParcelStatus)
const isActive = (status: ParcelStatus) => ACTIVE_STATUSES.includes(status)

/** The tags a check-in passes over on its way from the last issued tag to `tag` (excluded): last+1, …, 9999, 1, … */
const passedOver = (last: number, tag: number): ReadonlyArray<number> => {
  const tags: Array<number> = []
  for (let t = last >= TAG_MAX ? TAG_MIN : last + 1; t !== tag; t = t >= TAG_MAX ? TAG_MIN : t + 1) tags.push(t)
  return tags
}

let sequence = 0

describe.each(backends)("the check-in statement (%s)", (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(backend, { poolSize: 2 })
  })
  afterAll(async () => {
    await t?.close()
  })

  /** No parcel at the worksite, the counter at `last`. */
  const reset = async (last: number) => {
    await t.db.deleteFrom("parcel").where("worksite_id", "=", WORKSITE).execute()
    await t.db.updateTable("storage_tag").set({ last_tag: last }).where("worksite_id", "=", WORKSITE).execute()
  }

  /** Parcels of another shelf holding these tags in these statuses, in one INSERT. */
  const hold = (tags: ReadonlyArray<readonly [number, number]>) =>
    tags.length === 0 ? Promise.resolve() : sql`
      insert into parcel (id, worksite_id, express_company_id, express_company_name, express_no, storage_no, tag, weight_id,
        receiver, receiver_phone, status, created_at, checked_in_by)
      select 'held-' || ${++sequence} || '-' || t.n, ${WORKSITE}, 'ec-sf', '顺丰速运', 'HELD-' || ${sequence} || '-' || t.n, 'Z-99', t.tag, 'wf-1',
        '', '13800000002', t.status, now(), 'e-dongyuan-1'
      from unnest(${`{${tags.map(([tag]) => tag).join(",")}}`}::int[], ${`{${tags.map(([, s]) => s).join(",")}}`}::int[])
        with ordinality as t(tag, status, n)`.execute(t.db)

  /** Every tag but `free` held, by parcels in each active status in turn. */
  const holdAllBut = (free?: number) => sql`
    insert into parcel (id, worksite_id, express_company_id, express_company_name, express_no, storage_no, tag, weight_id,
      receiver, receiver_phone, status, created_at, checked_in_by)
    select 'full-' || ${++sequence} || '-' || g, ${WORKSITE}, 'ec-sf', '顺丰速运', 'FULL-' || ${sequence} || '-' || g, 'Z-99', g, 'wf-1',
      '', '13800000002', (${`{${ACTIVE_STATUSES.join(",")}}`}::int[])[1 + g % ${ACTIVE_STATUSES.length}], now(), 'e-dongyuan-1'
    from generate_series(${TAG_MIN}::int, ${TAG_MAX}::int) g where g is distinct from ${free ?? null}::int`.execute(t.db)

  const draft = (expressNo = `CHECKIN-NEW-${++sequence}`): ParcelDraft => ({
    id: `checkin-new-${++sequence}`, worksiteId: WORKSITE, expressCompanyId: "ec-sf", expressCompanyName: "顺丰速运", expressNo,
    storageNo: "B-07", weightId: "wf-1", receiver: "", receiverId: null, receiverOpenid: null, receiverPhone: "13800000002",
    status: ParcelStatus.awaitingPickup, agentOpenid: null, paotuiOpenid: null, safekeepPaidFen: 0, createdAt: new Date(), checkedInBy: "e-dongyuan-1"
  })

  const followUpsOf = (parcel: ParcelDraft): CheckInFollowUps => ({
    sms: { channel: "sms", to: parcel.receiverPhone, template: "parcelArrived", params: { company: "顺丰速运", site: "东苑" } },
    template: undefined,
    log: { op: "checkIn", actorOpenid: "demo-staff-dy", at: parcel.createdAt, input: { expressNo: parcel.expressNo }, outcome: { id: parcel.id } }
  })

  const checkIn = (parcel: ParcelDraft) => Effect.runPromise(parcelStore(t.db).checkIn(parcel, followUpsOf(parcel)))

  const lastTag = async () =>
    (await t.db.selectFrom("storage_tag").select("last_tag").where("worksite_id", "=", WORKSITE).executeTakeFirstOrThrow()).last_tag

  /** Runs `act` and answers the outbox and operations-log rows written meanwhile. */
  const writtenBy = async <A>(act: () => Promise<A>) => {
    const max = async (column: "id" | "seq", table: "outbox" | "ops_log") =>
      String((await sql<{ n: string }>`select coalesce(max(${sql.ref(column)}), 0) as n from ${sql.table(table)}`.execute(t.db)).rows[0]!.n)
    const [outboxBefore, opsBefore] = [await max("id", "outbox"), await max("seq", "ops_log")]
    const result = await act()
    return {
      result,
      sms: await t.db.selectFrom("outbox").select(["channel", "recipient", "template", "params"]).where("id", ">", outboxBefore as never).execute(),
      // the check-in's own line: the server's sender may log an SMS charge (chargeSms, the system's) meanwhile
      ops: await t.db.selectFrom("ops_log").select(["op", "actor_openid", "at", "input", "outcome"]).where("seq", ">", opsBefore as never)
        .where("actor_openid", "<>", SYSTEM_ACTOR).execute()
    }
  }

  // tags near the counter and near both ends of the range, in any status (only active ones hold a tag)
  const tagNear = (last: number) => fc.oneof(
    fc.integer({ min: -3, max: 12 }).map((d) => ((((last + d - TAG_MIN) % TAG_MAX) + TAG_MAX) % TAG_MAX) + TAG_MIN),
    fc.integer({ min: TAG_MAX - 8, max: TAG_MAX }),
    fc.integer({ min: TAG_MIN, max: TAG_MIN + 8 }),
    fc.integer({ min: TAG_MIN, max: TAG_MAX })
  )
  const scene = fc.oneof(fc.integer({ min: 0, max: TAG_MAX }), fc.integer({ min: TAG_MAX - 10, max: TAG_MAX }), fc.constantFrom(0, 1))
    .chain((last) => fc.record({
      last: fc.constant(last),
      held: fc.uniqueArray(fc.tuple(tagNear(last), fc.constantFrom(...ALL_STATUSES)), { selector: ([tag]) => tag, maxLength: 40 })
    }))

  it("hands out a tag no active parcel holds, having passed over only held ones, and writes it with its code", async () => {
    await fc.assert(fc.asyncProperty(scene, async ({ last, held }) => {
      await reset(last)
      await hold(held)
      const active = new Set(held.filter(([, s]) => isActive(s)).map(([tag]) => tag))

      const parcel = draft()
      const { result, sms, ops } = await writtenBy(() => checkIn(parcel))
      if (typeof result !== "object") throw new Error(`no tag handed out: ${result}`)
      const { tag } = result
      expect(tag).toBeGreaterThanOrEqual(TAG_MIN)
      expect(tag).toBeLessThanOrEqual(TAG_MAX)
      expect(active.has(tag)).toBe(false)
      expect(passedOver(last, tag).filter((t) => !active.has(t))).toEqual([])
      expect(await lastTag()).toBe(tag)
      expect(await t.db.selectFrom("parcel").select(["tag", "status"]).where("id", "=", parcel.id).execute()).toEqual([{ tag, status: ParcelStatus.awaitingPickup }])

      const code = sms[0]?.params.code as string
      expect(code).toMatch(/^B-07-\d{4}$/)
      expect(Number(code.slice(-4))).toBe(tag)
      expect(sms).toEqual([{ channel: "sms", recipient: "13800000002", template: "parcelArrived", params: { company: "顺丰速运", site: "东苑", code } }])
      expect(ops).toEqual([{
        op: "checkIn", actor_openid: "demo-staff-dy", at: parcel.createdAt, input: { expressNo: parcel.expressNo }, outcome: { id: parcel.id, tag, code }
      }])
    }), { numRuns: backend === "pglite" ? 60 : 40 })
  })

  it.each([
    { case: "a fresh counter", last: 0, held: [], tag: 1, code: "B-07-0001" },
    { case: "42 awaiting pickup, 43 awaiting return, 44 signed", last: 41, held: [[42, ParcelStatus.awaitingPickup], [43, ParcelStatus.awaitingReturn], [44, ParcelStatus.signed]], tag: 44, code: "B-07-0044" },
    { case: "the top tag free", last: 9998, held: [], tag: 9999, code: "B-07-9999" },
    { case: "9999 with a runner, 2 with a friend: the wrap", last: 9998, held: [[9999, ParcelStatus.runnerTookTask], [2, ParcelStatus.friendPicking]], tag: 1, code: "B-07-0001" },
    { case: "after 9999, 1 awaiting a runner, 2 returned", last: 9999, held: [[1, ParcelStatus.awaitingRunner], [2, ParcelStatus.returned]], tag: 2, code: "B-07-0002" }
  ] as const)("$case: tag $tag, code $code in the SMS and the log", async ({ last, held, tag, code }) => {
    await reset(last)
    await hold(held)
    const parcel = draft()
    const written = await writtenBy(() => checkIn(parcel))
    expect(written).toEqual({
      result: { tag },
      sms: [{ channel: "sms", recipient: "13800000002", template: "parcelArrived", params: { company: "顺丰速运", site: "东苑", code } }],
      ops: [{ op: "checkIn", actor_openid: "demo-staff-dy", at: parcel.createdAt, input: { expressNo: parcel.expressNo }, outcome: { id: parcel.id, tag, code } }]
    })
    expect(await lastTag()).toBe(tag)
  })

  it("writes the receiver's template message beside the SMS, both with the code; only the SMS names the worksite that pays for it", async () => {
    await reset(0)
    const parcel = draft()
    const template = { channel: "template" as const, to: "o-receiver", template: "parcelArrived", params: { company: "顺丰速运", site: "东苑" } }
    const max = (await sql<{ n: string }>`select coalesce(max(id), 0) as n from outbox`.execute(t.db)).rows[0]!.n
    expect(await Effect.runPromise(parcelStore(t.db).checkIn(parcel, { ...followUpsOf(parcel), template }))).toEqual({ tag: 1 })
    expect(await t.db.selectFrom("outbox").select(["channel", "recipient", "template", "params", "worksite_id"]).where("id", ">", max as never).orderBy("id").execute()).toEqual([
      { channel: "sms", recipient: "13800000002", template: "parcelArrived", params: { company: "顺丰速运", site: "东苑", code: "B-07-0001" }, worksite_id: WORKSITE },
      { channel: "template", recipient: "o-receiver", template: "parcelArrived", params: { company: "顺丰速运", site: "东苑", code: "B-07-0001" }, worksite_id: null }
    ])
  })

  it.each([
    { last: 5000, free: 4999, code: "B-07-4999" },
    { last: 17, free: 17, code: "B-07-0017" }
  ])("all but tag $free held, after $last: the check-in finds it, across the wrap", async ({ last, free, code }) => {
    await reset(last)
    await holdAllBut(free)
    const parcel = draft()
    const { result, sms } = await writtenBy(() => checkIn(parcel))
    expect(result).toEqual({ tag: free })
    expect(sms.map((m) => m.params.code)).toEqual([code])
    expect(await lastTag()).toBe(free)
  })

  it("every tag held: shelvesFull, nothing written, the counter stays", async () => {
    await reset(9000)
    await holdAllBut()
    const parcel = draft()
    expect(await writtenBy(() => checkIn(parcel))).toEqual({ result: "shelvesFull", sms: [], ops: [] })
    expect(await t.db.selectFrom("parcel").select("id").where("id", "=", parcel.id).execute()).toEqual([])
    expect(await lastTag()).toBe(9000)
  })

  it("skips a held tag exactly when its parcel is in one of the core's ACTIVE_STATUSES", async () => {
    const tagHandedOut: Record<number, unknown> = {}
    for (const status of ALL_STATUSES) {
      await reset(41)
      await hold([[42, status]])
      const parcel = draft()
      const exit = await Effect.runPromiseExit(parcelStore(t.db).checkIn(parcel, followUpsOf(parcel)))
      tagHandedOut[status] = Exit.isSuccess(exit) ? exit.value : `failed: ${String(exit.cause)}`
    }
    // 43: the parcel at 42 holds its tag; 42: it holds none, the new parcel takes 42 beside it
    expect(tagHandedOut).toEqual(Object.fromEntries(ALL_STATUSES.map((s) => [s, { tag: isActive(s) ? 43 : 42 }])))
    expect(ALL_STATUSES.filter(isActive).length).toBeGreaterThan(0)
    expect(ALL_STATUSES.filter((s) => !isActive(s)).length).toBeGreaterThan(0)
  })

  it("refuses an express number exactly when a parcel in one of the core's ACTIVE_STATUSES has it", async () => {
    const answer: Record<number, unknown> = {}
    for (const status of ALL_STATUSES) {
      await reset(41)
      const parcel = draft()
      await t.db.insertInto("parcel").values({
        id: `same-no-${++sequence}`, worksite_id: WORKSITE, express_company_id: "ec-sf", express_company_name: "顺丰速运",
        express_no: parcel.expressNo, storage_no: "Z-99", tag: 500, weight_id: "wf-1", receiver: "", receiver_phone: "13800000002",
        status, safekeep_paid: 0, created_at: new Date(), checked_in_by: "e-dongyuan-1"
      }).execute()
      const exit = await Effect.runPromiseExit(parcelStore(t.db).checkIn(parcel, followUpsOf(parcel)))
      answer[status] = Exit.isSuccess(exit) ? exit.value : `failed: ${String(exit.cause)}`
    }
    expect(answer).toEqual(Object.fromEntries(ALL_STATUSES.map((s) => [s, isActive(s) ? "duplicateExpressNo" : { tag: 42 }])))
  })

  it("writes the code the check-in answer shows (storageCode), for every tag", async () => {
    const { rows } = await sql<{ tag: number; code: string }>`
      select g as tag, station_storage_code('A-01', g) as code from generate_series(${TAG_MIN}::int, ${TAG_MAX}::int) g`.execute(t.db)
    expect(rows).toHaveLength(TAG_MAX - TAG_MIN + 1)
    expect(rows.filter((r) => r.code !== storageCode("A-01", r.tag))).toEqual([])
  })
})
