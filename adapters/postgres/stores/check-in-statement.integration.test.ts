/**
 * The check-in statement (`station_check_in`) and the core's storage-code rule must agree: the tag it
 * hands out is `nextFreeTag` of the core for any held tags and counter (wrap included), the code it
 * writes into the SMS and the operations log is `storageCode`, and the rows it writes are
 * `placedFollowUps`. Fails if the SQL and src/parcel/storage-code.ts ever diverge.
 */
import { Effect } from "effect"
import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ACTIVE_STATUSES, ParcelStatus } from "#src/parcel/parcel"
import { placedFollowUps, type CheckInFollowUps, type ParcelDraft } from "#src/parcel/parcel-store"
import { nextFreeTag, storageCode, TAG_MAX, TAG_MIN } from "#src/parcel/storage-code"
import { backends, startTestApp, type TestApp } from "../../../test/support/test-app"
import { parcelStore } from "./parcel-store"

const WORKSITE = "ws-dongyuan"
const ALL_STATUSES = [0, 1, 2, 3, 4, 100, 101, 200, 300, 400]

let sequence = 0

describe.each(backends)("the check-in statement agrees with the core (%s)", (backend) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(backend, { poolSize: 2 })
  })
  afterAll(async () => {
    await t?.close()
  })

  const hold = (tags: ReadonlyArray<readonly [number, number]>) =>
    tags.length === 0 ? Promise.resolve() : sql`
      insert into parcel (id, worksite_id, express_company_id, express_company_name, express_no, storage_no, tag, weight_id,
        receiver, receiver_phone, status, created_at, checked_in_by)
      select 'agree-' || ${++sequence} || '-' || t.n, ${WORKSITE}, 'ec-sf', '顺丰速运', 'AGREE-' || ${sequence} || '-' || t.n, 'Z-99', t.tag, 'wf-1',
        '', '13800000002', t.status, now(), 'e-dongyuan-1'
      from unnest(${`{${tags.map(([tag]) => tag).join(",")}}`}::int[], ${`{${tags.map(([, s]) => s).join(",")}}`}::int[])
        with ordinality as t(tag, status, n)`.execute(t.db)

  const draft = (): ParcelDraft => ({
    id: `agree-new-${++sequence}`, worksiteId: WORKSITE, expressCompanyId: "ec-sf", expressCompanyName: "顺丰速运", expressNo: `AGREE-NEW-${sequence}`,
    storageNo: "B-07", weightId: "wf-1", receiver: "", receiverId: null, receiverOpenid: null, receiverPhone: "13800000002",
    status: ParcelStatus.awaitingPickup, agentOpenid: null, paotuiOpenid: null, safekeepPaidFen: 0, createdAt: new Date(), checkedInBy: "e-dongyuan-1"
  })

  // tags near the counter and near both ends of the range, with any status (only active ones hold a tag)
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

  it("hands out the core's next free tag and writes the core's code, for any held tags and counter", async () => {
    await fc.assert(fc.asyncProperty(scene, async ({ last, held }) => {
      await t.db.deleteFrom("parcel").where("worksite_id", "=", WORKSITE).execute()
      await t.db.updateTable("storage_tag").set({ last_tag: last }).where("worksite_id", "=", WORKSITE).execute()
      await hold(held)
      const active = new Set(held.filter(([, s]) => (ACTIVE_STATUSES as ReadonlyArray<number>).includes(s)).map(([tag]) => tag))
      const expected = nextFreeTag(last, (tag) => active.has(tag))

      const parcel = draft()
      const followUps: CheckInFollowUps = {
        sms: { channel: "sms", to: parcel.receiverPhone, template: "parcelArrived", params: { company: "顺丰速运", site: "东苑" } },
        log: { op: "checkIn", actorOpenid: "demo-staff-dy", at: parcel.createdAt, input: { expressNo: parcel.expressNo }, outcome: { id: parcel.id } }
      }
      const outboxBefore = Number((await sql<{ n: string }>`select coalesce(max(id), 0) as n from outbox`.execute(t.db)).rows[0]!.n)
      const opsBefore = Number((await sql<{ n: string }>`select coalesce(max(seq), 0) as n from ops_log`.execute(t.db)).rows[0]!.n)
      const placed = await Effect.runPromise(parcelStore(t.db).checkIn(parcel, followUps))
      expect(placed).toEqual({ tag: expected })
      const written = placedFollowUps(followUps, parcel.storageNo, expected!)
      const sms = await t.db.selectFrom("outbox").select(["channel", "recipient", "template", "params"]).where("id", ">", String(outboxBefore) as never).execute()
      expect(sms).toEqual([{ channel: "sms", recipient: written.sms!.to, template: "parcelArrived", params: written.sms!.params }])
      const ops = await t.db.selectFrom("ops_log").select(["op", "actor_openid", "at", "input", "outcome"]).where("seq", ">", String(opsBefore) as never).execute()
      expect(ops).toEqual([{ op: "checkIn", actor_openid: "demo-staff-dy", at: parcel.createdAt, input: written.log.input, outcome: written.log.outcome }])
      const counter = await t.db.selectFrom("storage_tag").select("last_tag").where("worksite_id", "=", WORKSITE).executeTakeFirstOrThrow()
      expect(counter.last_tag).toBe(expected)
    }), { numRuns: backend === "pglite" ? 60 : 40 })
  })

  it("every tag held: nothing written, the counter stays", async () => {
    await t.db.deleteFrom("parcel").where("worksite_id", "=", WORKSITE).execute()
    await t.db.updateTable("storage_tag").set({ last_tag: 9000 }).where("worksite_id", "=", WORKSITE).execute()
    await sql`
      insert into parcel (id, worksite_id, express_company_id, express_company_name, express_no, storage_no, tag, weight_id,
        receiver, receiver_phone, status, created_at, checked_in_by)
      select 'agree-full-' || g, ${WORKSITE}, 'ec-sf', '顺丰速运', 'AGREE-FULL-' || g, 'Z-99', g, 'wf-1', '', '13800000002', 1, now(), 'e-dongyuan-1'
      from generate_series(${TAG_MIN}::int, ${TAG_MAX}::int) g`.execute(t.db)
    const parcel = draft()
    const opsBefore = (await t.db.selectFrom("ops_log").select("seq").execute()).length
    const placed = await Effect.runPromise(parcelStore(t.db).checkIn(parcel, {
      sms: undefined, log: { op: "checkIn", actorOpenid: "demo-staff-dy", at: parcel.createdAt, input: {}, outcome: { id: parcel.id } }
    }))
    expect(placed).toBe("shelvesFull")
    expect((await t.db.selectFrom("ops_log").select("seq").execute()).length).toBe(opsBefore)
    expect(await t.db.selectFrom("parcel").select("id").where("id", "=", parcel.id).execute()).toEqual([])
    expect((await t.db.selectFrom("storage_tag").select("last_tag").where("worksite_id", "=", WORKSITE).executeTakeFirstOrThrow()).last_tag).toBe(9000)
  })

  it("formats every tag as the core's storage code", async () => {
    const { rows } = await sql<{ tag: number; code: string }>`
      select g as tag, station_storage_code('A-01', g) as code from generate_series(${TAG_MIN}::int, ${TAG_MAX}::int) g`.execute(t.db)
    expect(rows).toHaveLength(TAG_MAX - TAG_MIN + 1)
    expect(rows.filter((r) => r.code !== storageCode("A-01", r.tag))).toEqual([])
  })
})
