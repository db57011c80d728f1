/**
 * A window of the operations log (`station ops export --from --to`): every line at a time in it, in log order, exactly
 * once, whatever the batch, though times and log order differ a little (a run's lines carry its start, and runs end in
 * another order); the walk goes between the window's first and last line, found by `ops_log_by_at`.
 */
import { fc, test } from "@fast-check/vitest"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../postgres/database"
import { backends, migratedDatabase } from "../../test/support/test-app"
import { loggedOperations } from "./ops-log"

const T0 = Date.parse("2026-06-01T00:00:00Z")
const MINUTE = 60_000

for (const backend of backends) {
  describe(`a window of the operations log [${backend}]`, () => {
    let database: Database
    let drop = async () => {}
    beforeAll(async () => {
      ({ database, drop } = await migratedDatabase(backend))
    }, 120_000)
    afterAll(async () => {
      await database?.close()
      await drop()
    })

    test.prop([
      fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 0, maxLength: 40 }),
      fc.option(fc.integer({ min: -2, max: 42 }), { nil: undefined }),
      fc.option(fc.integer({ min: -2, max: 42 }), { nil: undefined }),
      fc.integer({ min: 1, max: 4 })
    ], { numRuns: 25 })("holds every line at a time in it, in log order, once", async (drift, from, to, batch) => {
      const db = database.db
      await sql`truncate ops_log`.execute(db)
      // line i at minute i, give or take a few: log order and time order differ
      const ats = drift.map((d, i) => new Date(T0 + (i + d) * MINUTE))
      if (ats.length > 0) {
        await db.insertInto("ops_log").values(ats.map((at, i) => ({ op: "jobRun", actor_openid: "station-system", at, input: JSON.stringify({ i }), outcome: "{}" }))).execute()
      }
      const window = { from: from === undefined ? undefined : new Date(T0 + from * MINUTE), to: to === undefined ? undefined : new Date(T0 + to * MINUTE) }
      const seen: number[] = []
      for await (const op of loggedOperations(db, window, batch)) seen.push((op.input as { i: number }).i)
      expect(seen).toEqual(ats.flatMap((at, i) =>
        (window.from === undefined || at >= window.from) && (window.to === undefined || at < window.to) ? [i] : []))
    })

    it("finds the window's first and last line by the index on times, not along the log", async () => {
      // a tiny table is cheapest read whole: with that ruled out, the plan shows which index the bounds take
      const text = await database.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx)
        const plan = await sql<{ "QUERY PLAN": string }>`explain select min(w.seq), max(w.seq) from (select seq from ops_log
          where at >= ${new Date(T0)} and at < ${new Date(T0 + MINUTE)} offset 0) w`.execute(trx)
        return plan.rows.map((r) => r["QUERY PLAN"]).join("\n")
      })
      expect(text).toContain("ops_log_by_at")
      expect(text).not.toContain("ops_log_pkey")
    })
  })
}
