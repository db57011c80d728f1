/**
 * Retention never deletes a row still needed: on random rows around now (sessions in use, expired or revoked; sign-in
 * nonces and failures; notice nonces; Idempotency-Key answers inside and past their 24 h), the prunes, in batches
 * smaller than the rows, leave exactly the rows that still guard something, and a second prune deletes nothing.
 */
import fc from "fast-check"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { LOGIN_ATTEMPTS } from "#src/staff/employee"
import { backends, newUser, startTestApp, unique, type TestApp } from "../../test/support/test-app"
import { purgeExpiredKeys } from "../http/idempotency"
import { NOTICE_NONCE_KEEP_MS, purgeSeenNonces } from "../payments/notice-nonces"
import { jobNamed, purgeEndedSessions } from "../scheduler/jobs"
import { purgeExpiredLoginRows } from "../security/login-nonces"
import { pruneBatch } from "./retention"

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/**
 * A time around now, in whole minutes and half a minute more: every keep period is whole minutes, so no row falls on a
 * boundary (the idempotency purge reads the database's clock, a few milliseconds after the test's).
 */
const around = fc.integer({ min: -2 * 24 * 60, max: 2 * 24 * 60 }).map((minutes) => minutes * MINUTE + MINUTE / 2)

const sessionRow = fc.record({ expires: around, revoked: fc.option(around, { nil: undefined }) })
const rows = fc.record({
  sessions: fc.array(sessionRow, { maxLength: 8 }),
  loginNonces: fc.array(around, { maxLength: 6 }),
  loginFailures: fc.array(around, { maxLength: 6 }),
  noticeNonces: fc.array(around, { maxLength: 6 }),
  keys: fc.array(around, { maxLength: 8 })
})

for (const backend of backends) {
  describe(`retention (${backend})`, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(backend)
    })
    afterAll(async () => {
      await t?.close()
    })

    it("leaves every row still needed and deletes every other, in batches; a second prune deletes nothing", async () => {
      await fc.assert(fc.asyncProperty(rows, fc.integer({ min: 1, max: 4 }), async (r, batch) => {
        const now = new Date()
        const at = (offset: number) => new Date(now.getTime() + offset)
        const user = await newUser(t.db)
        const tag = unique("keep")
        const phone = `keep-${tag}`
        await sql`delete from session where expires_at <= ${now} or revoked_at <= ${now}`.execute(t.db)
        const named = <A>(list: ReadonlyArray<A>) => list.map((row, i) => ({ row, name: `${tag}-${i}` }))
        const sessions = named(r.sessions)
        const loginNonces = named(r.loginNonces)
        const noticeNonces = named(r.noticeNonces)
        const keys = named(r.keys)
        if (sessions.length) await t.db.insertInto("session").values(sessions.map(({ row, name }) => ({
          token_hash: name, user_id: user.id, created_at: at(-3 * DAY), expires_at: at(row.expires), revoked_at: row.revoked === undefined ? null : at(row.revoked)
        }))).execute()
        if (loginNonces.length) await t.db.insertInto("login_nonce").values(loginNonces.map(({ row, name }) => ({ nonce: name, expires_at: at(row) }))).execute()
        if (r.loginFailures.length) await t.db.insertInto("login_failure").values(r.loginFailures.map((offset) => ({ phone, at: at(offset) }))).execute()
        if (noticeNonces.length) await t.db.insertInto("payment_notice_nonce").values(noticeNonces.map(({ row, name }) => ({ nonce: name, seen_at: at(row) }))).execute()
        if (keys.length) await t.db.insertInto("idempotency").values(keys.map(({ row, name }) => ({
          user_id: user.id, key: name, request_hash: "h", outcome: "{}", created_at: at(row)
        }))).execute()

        const pruneAll = async () => [
          await purgeEndedSessions(t.db, now, batch),
          ...Object.values(await purgeExpiredLoginRows(t.db, now, batch)),
          await purgeSeenNonces(t.db, now, batch),
          await purgeExpiredKeys(t.db, batch)
        ]
        await pruneAll()
        expect(await pruneAll()).toEqual([0, 0, 0, 0, 0])

        const kept = <A>(list: ReadonlyArray<{ row: A; name: string }>, needed: (row: A) => boolean) => list.filter(({ row }) => needed(row)).map(({ name }) => name).sort()
        const names = (found: ReadonlyArray<{ name: string }>) => found.map(({ name }) => name).sort()
        expect(names(await t.db.selectFrom("session").select("token_hash as name").where("user_id", "=", user.id).execute()))
          .toEqual(kept(sessions, (s) => s.expires > 0 && (s.revoked === undefined || s.revoked > 0)))
        expect(names(await t.db.selectFrom("login_nonce").select("nonce as name").where("nonce", "like", `${tag}-%`).execute()))
          .toEqual(kept(loginNonces, (expires) => expires > 0))
        expect((await t.db.selectFrom("login_failure").select("at").where("phone", "=", phone).execute()).length)
          .toBe(r.loginFailures.filter((offset) => offset >= -LOGIN_ATTEMPTS.windowMs).length)
        expect(names(await t.db.selectFrom("payment_notice_nonce").select("nonce as name").where("nonce", "like", `${tag}-%`).execute()))
          .toEqual(kept(noticeNonces, (seen) => seen >= -NOTICE_NONCE_KEEP_MS))
        expect(names(await t.db.selectFrom("idempotency").select("key as name").where("user_id", "=", user.id).execute()))
          .toEqual(kept(keys, (created) => created >= -DAY))
      }), { numRuns: backend === "pglite" ? 40 : 20 })
    })

    it("deletes at most a batch a statement", async () => {
      const tag = unique("batch")
      await t.db.insertInto("payment_notice_nonce").values([1, 2, 3, 4, 5].map((i) => ({ nonce: `${tag}-${i}`, seen_at: new Date(Date.now() - DAY) }))).execute()
      const ours = sql<boolean>`nonce like ${`${tag}-%`}`
      expect([await pruneBatch(t.db, "payment_notice_nonce", ours, 2), await pruneBatch(t.db, "payment_notice_nonce", ours, 2)]).toEqual([2, 2])
      expect(await t.db.selectFrom("payment_notice_nonce").select("nonce").where("nonce", "like", `${tag}-%`).execute()).toHaveLength(1)
    })

    it("runs as the purge-notice-nonces job, which answers what it deleted", async () => {
      const tag = unique("job")
      const now = new Date()
      await t.db.insertInto("payment_notice_nonce").values([
        { nonce: `${tag}-old`, seen_at: new Date(now.getTime() - NOTICE_NONCE_KEEP_MS - MINUTE) },
        { nonce: `${tag}-fresh`, seen_at: new Date(now.getTime() - MINUTE) }
      ]).execute()
      const job = jobNamed("purge-notice-nonces")!
      expect((await job.run(t.runtime, now)).nonces).toBeGreaterThanOrEqual(1)
      expect(await job.run(t.runtime, now)).toEqual({ nonces: 0 })
      expect((await t.db.selectFrom("payment_notice_nonce").select("nonce").where("nonce", "like", `${tag}-%`).execute()).map((n) => n.nonce)).toEqual([`${tag}-fresh`])
    })
  })
}
