/**
 * The runtime's retry loop: a conflict a store reports as retryable, a serialization failure or a
 * deadlock runs the use case again in a fresh transaction; any other defect, a 23505 included, does not.
 */
import { Cause, Effect, Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ParcelStore, type ParcelRecord } from "#src/parcel/parcel-store"
import { migrateToLatest, openDatabase, type Database } from "./postgres/database"
import { RetryableConflict } from "./postgres/retryable"
import { seedDemoCampus } from "./postgres/seed"
import { Runtime } from "./runtime"

const pgError = (code: string, constraint?: string) => Object.assign(new Error(`pg ${code}`), { code, constraint })

describe("runtime retries", () => {
  let database: Database
  let runtime: Runtime
  beforeAll(async () => {
    database = await openDatabase({ kind: "memory" })
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

  it("the parcel store reports a tag another parcel took first as a retryable conflict, a taken express number as a refusal", async () => {
    const held = { tag: 17, expressNo: "HELD-1" }
    await database.db.insertInto("parcel").values({
      id: "held", worksite_id: "ws-xiyuan", express_company_id: "ec-sf", express_company_name: "顺丰速运", express_no: held.expressNo, storage_no: "A-01",
      tag: held.tag, weight_id: "wf-1", receiver: "", receiver_phone: "13800000001", status: 0, safekeep_paid: 0, created_at: new Date(), checked_in_by: "e-xiyuan-1"
    }).execute()
    const parcel: ParcelRecord = {
      id: "second", worksiteId: "ws-xiyuan", expressCompanyId: "ec-sf", expressCompanyName: "顺丰速运", expressNo: "SECOND-1", storageNo: "A-01",
      tag: held.tag, weightId: "wf-1", receiver: "", receiverId: null, receiverOpenid: null, receiverPhone: "13800000001", status: 0,
      agentOpenid: null, paotuiOpenid: null, safekeepPaidFen: 0, createdAt: new Date(), checkedInBy: "e-xiyuan-1"
    }
    let attempts = 0
    const insert = (p: ParcelRecord) => ParcelStore.use((s) => Effect.suspend(() => (attempts++, s.insert(p))))
    const taken = await runtime.run(insert(parcel))
    expect(Exit.isFailure(taken) && Cause.squash(taken.cause)).toBeInstanceOf(RetryableConflict)
    expect(attempts).toBe(5)
    attempts = 0
    expect(await runtime.run(insert({ ...parcel, tag: held.tag + 1, expressNo: held.expressNo }))).toEqual(Exit.succeed("duplicateExpressNo"))
    expect(attempts).toBe(1)
  })
})
