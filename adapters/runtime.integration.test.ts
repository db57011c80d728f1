/**
 * The runtime's retry loop: a conflict a store reports as retryable, a serialization failure or a
 * deadlock runs the use case again in a fresh transaction; any other defect, a 23505 included, does not.
 */
import { Cause, Effect, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sql } from "kysely"
import { ParcelStore, type ParcelDraft } from "#src/parcel/parcel-store"
import { migrateToLatest, openDatabase, type Database } from "./postgres/database"
import { RetryableConflict } from "./postgres/retryable"
import { seedDemoCampus } from "./postgres/seed"
import { Runtime } from "./runtime"
import { blankMemory } from "../test/support/blank-database"

const pgError = (code: string, constraint?: string) => Object.assign(new Error(`pg ${code}`), { code, constraint })

describe("runtime retries", () => {
  let database: Database
  let runtime: Runtime
  beforeAll(async () => {
    database = await openDatabase(blankMemory())
    await migrateToLatest(database.db)
    await seedDemoCampus(database.db)
    runtime = await Runtime.create(database)
  })
  afterAll(async () => {
    await database?.close()
  })

  /** A use case that dies with `defect` on its first `failures` attempts, then answers how many it took. */
  const flaky = (failures: number, defect: unknown) => {
    let attempts = 0
    return { attempts: () => attempts, useCase: Effect.suspend(() => (++attempts <= failures ? Effect.die(defect) : Effect.succeed(attempts))) }
  }

  it.each([
    ["a conflict a store reports", new RetryableConflict("tag taken")],
    ["a serialization failure (40001)", pgError("40001")],
    ["a deadlock (40P01)", pgError("40P01")]
  ])("%s is run again in a fresh transaction", async (_, defect) => {
    const f = flaky(2, defect)
    expect(await runtime.run(f.useCase)).toEqual(Exit.succeed(3))
  })

  it("gives up after five attempts", async () => {
    const f = flaky(10, new RetryableConflict("always"))
    const exit = await runtime.run(f.useCase)
    expect(Exit.isFailure(exit) && Cause.squash(exit.cause)).toBeInstanceOf(RetryableConflict)
    expect(f.attempts()).toBe(5)
  })

  it.each([
    ["a unique violation of any index", pgError("23505", "parcel_active_tag")],
    ["another defect", new Error("boom")]
  ])("%s is not retried", async (_, defect) => {
    const f = flaky(1, defect)
    const exit = await runtime.run(f.useCase)
    expect(Exit.isFailure(exit) && Cause.squash(exit.cause)).toBe(defect)
    expect(f.attempts()).toBe(1)
  })

  it("the check-in statement skips a tag held past the counter, reports a tag another parcel took first as a retryable conflict, a taken express number as a refusal", async () => {
    const held = { tag: 17, expressNo: "HELD-1" }
    await database.db.insertInto("parcel").values({
      id: "held", worksite_id: "ws-xiyuan", express_company_id: "ec-sf", express_company_name: "顺丰速运", express_no: held.expressNo, storage_no: "A-01",
      tag: held.tag, weight_id: "wf-1", receiver: "", receiver_phone: "13800000001", status: 0, safekeep_paid: 0, created_at: new Date(), checked_in_by: "e-xiyuan-1"
    }).execute()
    const parcel: ParcelDraft = {
      id: "second", worksiteId: "ws-xiyuan", expressCompanyId: "ec-sf", expressCompanyName: "顺丰速运", expressNo: "SECOND-1", storageNo: "A-01",
      weightId: "wf-1", receiver: "", receiverId: null, receiverOpenid: null, receiverPhone: "13800000001", status: 0,
      agentOpenid: null, paotuiOpenid: null, safekeepPaidFen: 0, createdAt: new Date(), checkedInBy: "e-xiyuan-1"
    }
    // the counter says 16 was the last tag handed out, yet a parcel stored past it holds 17
    await database.db.updateTable("storage_tag").set({ last_tag: held.tag - 1 }).where("worksite_id", "=", "ws-xiyuan").execute()
    let attempts = 0
    const checkIn = (p: ParcelDraft) => ParcelStore.use((s) => Effect.suspend(() => (attempts++, s.checkIn(p, {
      sms: undefined, template: undefined, log: { op: "checkIn", actorOpenid: "demo-staff", at: p.createdAt, input: {}, outcome: { id: p.id } }
    }))))
    expect(await runtime.run(checkIn(parcel))).toEqual(Exit.succeed({ tag: held.tag + 1 }))
    expect(attempts).toBe(1)

    // another parcel takes the tag between the probe and the insert (on PGlite, a trigger stands in for the other connection)
    await sql.raw(`
      create function take_tag_first() returns trigger language plpgsql as $$
      begin
        if new.express_no like 'RACE-%' then
          insert into parcel (id, worksite_id, express_company_id, express_company_name, express_no, storage_no, tag, weight_id, receiver,
            receiver_phone, status, created_at, checked_in_by)
          values ('first-' || new.id, new.worksite_id, 'ec-sf', '顺丰速运', 'FIRST-' || new.express_no, 'Z-99', new.tag, 'wf-1', '', '13800000001', 0, now(), new.checked_in_by);
        end if;
        return new;
      end $$`).execute(database.db)
    await sql`create trigger take_tag_first before insert on parcel for each row execute function take_tag_first()`.execute(database.db)
    try {
      attempts = 0
      const taken = await runtime.run(checkIn({ ...parcel, id: "third", expressNo: "RACE-1" }))
      expect(Exit.isFailure(taken) && Cause.squash(taken.cause)).toBeInstanceOf(RetryableConflict)
      expect(attempts).toBe(5)
    } finally {
      await sql`drop trigger take_tag_first on parcel`.execute(database.db)
      await sql`drop function take_tag_first`.execute(database.db)
    }

    attempts = 0
    expect(await runtime.run(checkIn({ ...parcel, id: "fourth", expressNo: held.expressNo }))).toEqual(Exit.succeed("duplicateExpressNo"))
    expect(attempts).toBe(1)
  })
})
