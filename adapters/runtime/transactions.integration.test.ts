/**
 * The transaction runner, on PGlite and (with TEST_DATABASE_URL) Postgres: a success commits and keeps its
 * once-only outcome in the transaction; a refusal rolls back, unless the run asks to keep its writes
 * (`commitOnFailure`); a defect always rolls back; an outcome kept earlier is answered without running the body;
 * and through `Runtime.run`, a refusal that rolled back is kept for its key on its own.
 */
import { Cause, Effect, Exit } from "effect"
import { sql, type Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OpsLog } from "#src/shared/ports"
import { RuleViolation } from "#src/shared/errors"
import { backends, startTestApp, unique, type TestApp } from "../../test/support/test-app"
import { OutsideWrites } from "../postgres/outside-writes"
import { RetryableConflict } from "../postgres/retryable"
import type { DB } from "../postgres/schema"
import type { OnceOnly } from "./idempotency"
import { attemptInTransaction } from "./transactions"

const refusal = new RuleViolation({ message: "不行" })

/** A once-only key that records where each outcome was kept, answering `earlier` to a claim when given. */
const recordingOnce = (earlier?: Exit.Exit<unknown, unknown>) => {
  const kept: Array<{ readonly inTransaction: boolean; readonly exit: Exit.Exit<unknown, unknown> }> = []
  let claims = 0
  const once: OnceOnly = {
    claim: async (db) => {
      claims++
      await sql`insert into runner_probe (id) values (${unique("claim")})`.execute(db)
      return earlier
    },
    keep: async (db, exit) => { kept.push({ inTransaction: db.isTransaction, exit }) }
  }
  return { once, kept, claims: () => claims }
}

for (const backend of backends) {
  describe(`the transaction runner [${backend}]`, () => {
    let t: TestApp
    let outside: OutsideWrites
    beforeAll(async () => {
      t = await startTestApp(backend)
      outside = new OutsideWrites(t.runtime.database.db, t.runtime.database.beside)
      await sql`create table runner_probe (id text primary key)`.execute(t.db)
    })
    afterAll(async () => { await t?.close() })

    const write = (db: Kysely<DB>, id: string) => sql`insert into runner_probe (id) values (${id})`.execute(db)
    const written = async (id: string) => (await sql<{ n: number }>`select count(*)::int as n from runner_probe where id = ${id}`.execute(t.db)).rows[0]!.n === 1
    const probes = async () => (await sql<{ n: number }>`select count(*)::int as n from runner_probe`.execute(t.db)).rows[0]!.n

    it("a success commits its writes and keeps its outcome inside the transaction", async () => {
      const id = unique("ok")
      const o = recordingOnce()
      const attempt = await attemptInTransaction(outside, t.db, { once: o.once }, async (trx) => (await write(trx, id), Exit.succeed(id)))
      expect(attempt).toEqual({ exit: Exit.succeed(id), kept: true })
      expect(await written(id)).toBe(true)
      expect(o.kept).toEqual([{ inTransaction: true, exit: Exit.succeed(id) }])
    })

    it("a refusal rolls its writes back and keeps nothing (the run keeps it on its own)", async () => {
      const id = unique("refused")
      const o = recordingOnce()
      const before = await probes()
      const attempt = await attemptInTransaction(outside, t.db, { once: o.once }, async (trx) => (await write(trx, id), Exit.fail(refusal)))
      expect(attempt).toEqual({ exit: Exit.fail(refusal), kept: false })
      expect(await written(id)).toBe(false)
      expect(await probes()).toBe(before)
      expect(o.kept).toEqual([])
    })

    it("a refusal with commitOnFailure keeps its writes, answers the refusal and keeps it in the transaction", async () => {
      const id = unique("spent")
      const o = recordingOnce()
      const attempt = await attemptInTransaction(outside, t.db, { once: o.once, commitOnFailure: true }, async (trx) => (await write(trx, id), Exit.fail(refusal)))
      expect(attempt).toEqual({ exit: Exit.fail(refusal), kept: true })
      expect(await written(id)).toBe(true)
      expect(o.kept).toEqual([{ inTransaction: true, exit: Exit.fail(refusal) }])
    })

    it("a defect rolls back even with commitOnFailure", async () => {
      const id = unique("died")
      const boom = new Error("boom")
      const attempt = await attemptInTransaction(outside, t.db, { commitOnFailure: true }, async (trx) => (await write(trx, id), Exit.die(boom)))
      expect(attempt).toEqual({ exit: Exit.die(boom), kept: false })
      expect(await written(id)).toBe(false)
    })

    it("a statement that fails inside the transaction ends it as a defect, nothing written", async () => {
      const id = unique("dup")
      const attempt = await attemptInTransaction(outside, t.db, {}, async (trx) => (await write(trx, id), await write(trx, id), Exit.succeed("unreached")))
      expect(Exit.isFailure(attempt.exit) && Cause.hasDies(attempt.exit.cause)).toBe(true)
      expect(attempt.kept).toBe(false)
      expect(await written(id)).toBe(false)
    })

    it("an outcome kept earlier for the key is answered without running the body; the claim's own writes roll back", async () => {
      const o = recordingOnce(Exit.succeed("first answer"))
      const before = await probes()
      let ran = false
      const attempt = await attemptInTransaction(outside, t.db, { once: o.once }, async () => (ran = true, Exit.succeed("second answer")))
      expect(attempt).toEqual({ exit: Exit.succeed("first answer"), kept: true })
      expect(ran).toBe(false)
      expect(o.claims()).toBe(1)
      expect(await probes()).toBe(before)
    })

    describe("through Runtime.run", () => {
      const logged = (actor: string) =>
        OpsLog.use((log) => log.append({ op: "bindStaff", actorOpenid: actor, at: new Date(), input: { phone: "13900000001" }, outcome: { employeeId: "e-1" } }))
      const logRows = async (actor: string) => (await t.db.selectFrom("ops_log").select("op").where("actor_openid", "=", actor).execute()).length

      it("a refusing use case's writes roll back, or are kept with commitOnFailure; either way it answers the refusal", async () => {
        const [rolledBack, keptWrites] = [unique("actor"), unique("actor")]
        expect(await t.runtime.run(logged(rolledBack).pipe(Effect.andThen(Effect.fail(refusal))))).toEqual(Exit.fail(refusal))
        expect(await logRows(rolledBack)).toBe(0)
        expect(await t.runtime.run(logged(keptWrites).pipe(Effect.andThen(Effect.fail(refusal))), { commitOnFailure: true })).toEqual(Exit.fail(refusal))
        expect(await logRows(keptWrites)).toBe(1)
      })

      it("a run that logged and then died of a conflict is tried again: its operation is written once, by the attempt that lands", async () => {
        const actor = unique("actor")
        let attempts = 0
        const flaky = logged(actor).pipe(Effect.andThen(Effect.suspend(() =>
          ++attempts === 1 ? Effect.die(new RetryableConflict("another run took the row first")) : Effect.succeed("done"))))
        expect(await t.runtime.run(flaky)).toEqual(Exit.succeed("done"))
        expect(attempts).toBe(2)
        expect(await logRows(actor)).toBe(1)
      })

      it("a refusal that rolled back is kept for its key on its own, after the transaction; a defect is not kept", async () => {
        const refused = recordingOnce()
        expect(await t.runtime.run(Effect.fail(refusal), { once: refused.once })).toEqual(Exit.fail(refusal))
        expect(refused.kept).toEqual([{ inTransaction: false, exit: Exit.fail(refusal) }])
        const died = recordingOnce()
        const exit = await t.runtime.run(Effect.die(new Error("boom")), { once: died.once })
        expect(Exit.isFailure(exit) && Cause.hasDies(exit.cause)).toBe(true)
        expect(died.kept).toEqual([])
      })
    })
  })
}
