/** Migration 2026-11-25T2210-job-item-failures: one row per job and item, a positive attempt count, and it goes down and up again. */
import type { Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as failures from "../../migrations/2026-11-25T2210-job-item-failures"
import { freshDemoDatabases } from "./demo-database.testkit"

const fresh = freshDemoDatabases()

const row = (over: Record<string, unknown> = {}) => ({
  job: "void-unaccepted-errands", item_id: "E-1", attempts: 1, last_error: "boom", first_failed_at: new Date(), last_failed_at: new Date(),
  next_try_at: null, ...over
})

describe("migration 2026-11-25T2210-job-item-failures", () => {
  it("keeps one row per job and item, with at least one attempt", async () => {
    const db = await fresh()
    const insert = (over: Record<string, unknown>) => db.insertInto("job_item_failure").values(row(over) as never).execute()
    await insert({})
    await insert({ job: "expire-prepays" })
    await expect(insert({})).rejects.toThrow()
    await expect(insert({ item_id: "E-2", attempts: 0 })).rejects.toThrow()
    expect(await db.selectFrom("job_item_failure").select(["job", "item_id"]).orderBy("job").execute())
      .toEqual([{ job: "expire-prepays", item_id: "E-1" }, { job: "void-unaccepted-errands", item_id: "E-1" }])
  })

  it("goes down and up again", async () => {
    const db = await fresh()
    await failures.down(db as Kysely<any>)
    await expect(db.selectFrom("job_item_failure").selectAll().execute()).rejects.toThrow()
    await failures.up(db as Kysely<any>)
    expect(await db.selectFrom("job_item_failure").selectAll().execute()).toEqual([])
  })
})
