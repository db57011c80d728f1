/**
 * Idempotency-Key beyond the happy path: the outcome is kept with the change, so a repeat after the
 * process died between commit and answer is answered from it; expired keys are purged in batches.
 */
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, checkInPayload, newUser, startTestApp, unique, type TestApp } from "../../test/support/test-app"
import { purgeExpiredKeys } from "./idempotency"

for (const backend of backends) {
  describe(`Idempotency-Key (${backend})`, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(backend)
    })
    afterAll(async () => {
      await t?.close()
    })

    /** Sends the request; the process "dies" right after the use case's transaction commits, so no answer ever leaves. */
    const sendAndDieAfterCommit = async (path: string, token: string, body: unknown, key: string) => {
      const runtime = t.runtime
      const run = runtime.run
      let committed!: () => void
      const commit = new Promise<void>((resolve) => (committed = resolve))
      runtime.run = async (...args) => {
        await run.apply(runtime, args)
        committed()
        return new Promise(() => {})
      }
      const aborted = new AbortController()
      const answer = fetch(`${t.url}${path}`, {
        method: "POST", signal: aborted.signal, body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Idempotency-Key": key }
      }).catch((e: unknown) => e)
      try {
        await commit
      } finally {
        runtime.run = run
        aborted.abort()
      }
      expect(await answer).toMatchObject({ name: "AbortError" })
    }

    it("a withdrawal committed before the process died: the repeat gets the kept answer, not '相同的请求正在处理中'", async () => {
      const u = await newUser(t.db, { money: 50_000 })
      const token = await t.token(u.openid)
      const key = `crash-${unique("k")}`
      await sendAndDieAfterCommit("/api/takecash", token, { money: 2_000 }, key)
      const [withdrawal, ...more] = await t.db.selectFrom("withdrawal").select(["id", "money", "fee"]).where("user_id", "=", u.id).execute()
      expect(more).toEqual([])

      const repeat = await t.api("POST", "/api/takecash", token, { money: 2_000 }, { "Idempotency-Key": key })
      expect(repeat.status).toBe(201)
      expect(repeat.headers.get("idempotent-replayed")).toBe("true")
      expect(repeat.body).toMatchObject({ success: true, data: { _id: withdrawal!.id, money: 2_000, fee: withdrawal!.fee, balance: 48_000 } })
      expect(await t.db.selectFrom("withdrawal").select("id").where("user_id", "=", u.id).execute()).toHaveLength(1)
      expect((await t.db.selectFrom("wallet").select("money").where("user_id", "=", u.id).executeTakeFirstOrThrow()).money).toBe(48_000)
    })

    it("a check-in committed before the process died: the repeat gets its storage code, and one parcel exists", async () => {
      const staff = await t.token("demo-staff")
      const payload = checkInPayload({ storageNo: "K-01" })
      const key = `crash-${unique("k")}`
      await sendAndDieAfterCommit("/api/expressTosend", staff, payload, key)
      const parcels = await t.db.selectFrom("parcel").select(["storage_no", "tag"]).where("express_no", "=", payload.expressNo).execute()
      expect(parcels).toHaveLength(1)

      const repeat = await t.api("POST", "/api/expressTosend", staff, payload, { "Idempotency-Key": key })
      expect(repeat.status).toBe(201)
      expect(repeat.headers.get("idempotent-replayed")).toBe("true")
      expect(repeat.body.data).toBe(`K-01-${String(parcels[0]!.tag).padStart(4, "0")}`)
    })

    it("an outcome that cannot be kept takes the check-in with it: a 500, no parcel, and the same key runs afresh later", async () => {
      const staff = await t.token("demo-staff")
      const payload = checkInPayload({ storageNo: "K-02" })
      const key = `refuse-keep-${unique("k")}`
      // the claim (outcome still null) passes; keeping the outcome, which rides with the COMMIT on Postgres, fails
      await sql`alter table idempotency add constraint refuse_keep check (outcome is null or key not like 'refuse-keep-%')`.execute(t.db)
      try {
        const failed = await t.api("POST", "/api/expressTosend", staff, payload, { "Idempotency-Key": key })
        expect({ status: failed.status, body: failed.body }).toEqual({ status: 500, body: { success: false, message: "系统繁忙，请稍后再试" } })
        expect(await t.db.selectFrom("parcel").select("id").where("express_no", "=", payload.expressNo).execute()).toEqual([])
        expect(await t.db.selectFrom("idempotency").select("key").where("key", "=", key).execute()).toEqual([])
      } finally {
        await sql`alter table idempotency drop constraint refuse_keep`.execute(t.db)
      }
      const again = await t.api("POST", "/api/expressTosend", staff, payload, { "Idempotency-Key": key })
      expect({ status: again.status, replayed: again.headers.get("idempotent-replayed") }).toEqual({ status: 201, replayed: null })
      expect(await t.db.selectFrom("parcel").select("id").where("express_no", "=", payload.expressNo).execute()).toHaveLength(1)
    })

    it("a refusal (rolled back) is kept on its own and replayed, even after the balance changed", async () => {
      const u = await newUser(t.db, { money: 500 })
      const token = await t.token(u.openid)
      const key = `refused-${unique("k")}`
      const first = await t.api("POST", "/api/takecash", token, { money: 2_000 }, { "Idempotency-Key": key })
      expect(first.status).toBe(400)
      await t.db.updateTable("wallet").set({ money: 10_000 }).where("user_id", "=", u.id).execute()
      const repeat = await t.api("POST", "/api/takecash", token, { money: 2_000 }, { "Idempotency-Key": key })
      expect({ status: repeat.status, body: repeat.body, replayed: repeat.headers.get("idempotent-replayed") })
        .toEqual({ status: 400, body: first.body, replayed: "true" })
    })

    it("a key older than 24 h is fresh again: the request runs and its outcome replaces the expired one", async () => {
      const u = await newUser(t.db, { money: 50_000 })
      const token = await t.token(u.openid)
      const key = `expired-${unique("k")}`
      await t.db.insertInto("idempotency").values({
        user_id: u.id, key, request_hash: "another request", outcome: JSON.stringify({ ok: true, value: {} }), created_at: new Date(Date.now() - 25 * 3600_000)
      }).execute()
      const first = await t.api("POST", "/api/takecash", token, { money: 1_000 }, { "Idempotency-Key": key })
      expect({ status: first.status, replayed: first.headers.get("idempotent-replayed") }).toEqual({ status: 201, replayed: null })
      const repeat = await t.api("POST", "/api/takecash", token, { money: 1_000 }, { "Idempotency-Key": key })
      expect({ status: repeat.status, body: repeat.body, replayed: repeat.headers.get("idempotent-replayed") })
        .toEqual({ status: 201, body: first.body, replayed: "true" })
      expect(await t.db.selectFrom("withdrawal").select("id").where("user_id", "=", u.id).execute()).toHaveLength(1)
    })

    it("expired keys are all purged, in batches of the given size; fresh ones stay", async () => {
      const u = await newUser(t.db)
      await t.db.deleteFrom("idempotency").where("created_at", "<", sql<Date>`now() - interval '24 hours'`).execute()
      const old = new Date(Date.now() - 25 * 3600_000)
      await t.db.insertInto("idempotency").values([
        ...["a", "b", "c"].map((k) => ({ user_id: u.id, key: `old-${k}-key`, request_hash: "h", outcome: "{}", created_at: old })),
        { user_id: u.id, key: "fresh-key", request_hash: "h", outcome: "{}" }
      ]).execute()
      expect([await purgeExpiredKeys(t.db, 2), await purgeExpiredKeys(t.db, 2)]).toEqual([3, 0])
      expect((await t.db.selectFrom("idempotency").select("key").where("user_id", "=", u.id).execute()).map((r) => r.key)).toEqual(["fresh-key"])
    })
  })
}
