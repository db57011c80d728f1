/**
 * Reminders over HTTP (issue 21 item 8), on PGlite and (with TEST_DATABASE_URL) Postgres: the switches on 我的 are
 * all on at first, one turned off stays off and is logged; a wrong
 * kind is refused with nothing written; a switch turned replays alike. The job remind-due-returns writes each receiver of a parcel still waiting two
 * days after check-in one parcelReturnSoon template message (with the pickup code), its marker and its ops-log row
 * together, once per parcel over runs; none for a receiver who turned 退回前提醒 off (marked all the same), none before
 * the window or after the parcel is due. A check-in writes the receiver's arrival template message with the pickup code
 * beside the station's SMS unless they turned 到件通知 off; a check-in and its reminder replay alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { jobNamed } from "#adapters/scheduler/jobs"
import { Notices, SetNotice } from "#src/notice/calls"
import { backends, checkInPayload, decodedData as decoded, newUser, settleOutbox, startTestApp, unique, type TestApp } from "../support/test-app"

const ALL_ON = { arrival: true, returnReminder: true, errandStatus: true, sendStatus: true }

for (const backend of backends) {
  describe(`reminders [${backend}]`, () => {
    let t: TestApp
    let staff = ""
    beforeAll(async () => {
      t = await startTestApp(backend)
      staff = await t.token("demo-staff")
    })
    afterAll(async () => { await t?.close() })

    const student = async () => {
      const user = await newUser(t.db)
      return { user, token: await t.token(user.openid) }
    }

    it("the switches start on; one turned off stays off for that user only, logged; on again removes its row", async () => {
      const { user, token } = await student()
      const other = await student()
      expect(decoded(Notices.answer, await t.api("GET", "/api/user/notices", token))).toEqual(ALL_ON)
      const off = await t.api("PUT", "/api/user/notices", token, { kind: "errandStatus", on: false })
      expect(off.body.message).toBe("设置成功")
      expect(decoded(SetNotice.answer, off)).toEqual({ ...ALL_ON, errandStatus: false })
      expect(decoded(Notices.answer, await t.api("GET", "/api/user/notices", token))).toEqual({ ...ALL_ON, errandStatus: false })
      expect(decoded(Notices.answer, await t.api("GET", "/api/user/notices", other.token))).toEqual(ALL_ON)
      // turning it off twice is the same
      expect(decoded(SetNotice.answer, await t.api("PUT", "/api/user/notices", token, { kind: "errandStatus", on: "0" }))).toEqual({ ...ALL_ON, errandStatus: false })
      const logged = await t.db.selectFrom("ops_log").select(["op", "actor_openid"]).where("op", "=", "setNotice").where("actor_openid", "=", user.openid).execute()
      expect(logged).toHaveLength(2)
      expect(decoded(SetNotice.answer, await t.api("PUT", "/api/user/notices", token, { kind: "errandStatus", on: true }))).toEqual(ALL_ON)
      expect(await t.db.selectFrom("notice_off").selectAll().where("user_id", "=", user.id).execute()).toEqual([])
    })

    it("a switch turned replays into a fresh database alike", async () => {
      const { user, token } = await student()
      await t.api("PUT", "/api/user/notices", token, { kind: "sendStatus", on: false })
      const lines: Array<{ lineNo: number; text: string }> = []
      await settleOutbox(t)
      for await (const op of loggedOperations(t.db)) {
        if (op.op === "setNotice" && op.actorOpenid === user.openid) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
      }
      expect(lines).toHaveLength(1)
      const fresh = await startTestApp("pglite")
      try {
        await fresh.db.insertInto("app_user").values(await t.db.selectFrom("app_user").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow()).execute()
        const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
        expect(summary.problems).toEqual([])
        expect(summary).toMatchObject({ operations: 1, matched: 1 })
        expect(await fresh.db.selectFrom("notice_off").select(["user_id", "kind"]).execute()).toEqual([{ user_id: user.id, kind: "sendStatus" }])
      } finally {
        await fresh.close()
      }
    })

    it("refuses an unknown kind or a missing choice, writing nothing", async () => {
      const { user, token } = await student()
      const wrong = await t.api("PUT", "/api/user/notices", token, { kind: "ads", on: false })
      expect([wrong.status, wrong.body.message]).toEqual([400, "请选择提醒类型"])
      const missing = await t.api("PUT", "/api/user/notices", token, { kind: "arrival" })
      expect([missing.status, missing.body.message]).toEqual([400, "请选择是否开启提醒"])
      expect(await t.db.selectFrom("notice_off").selectAll().where("user_id", "=", user.id).execute()).toEqual([])
      expect(await t.db.selectFrom("ops_log").select("op").where("op", "=", "setNotice").where("actor_openid", "=", user.openid).execute()).toEqual([])
    })

    const HOUR = 3_600_000
    const parcelFor = async (phone: string) => {
      const expressNo = unique("RM")
      const r = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, receiverPhone: phone }))
      expect(r.status).toBe(201)
      return t.db.selectFrom("parcel").select(["id", "storage_no", "tag", "created_at"]).where("express_no", "=", expressNo).executeTakeFirstOrThrow()
    }
    const reminders = (openid: string) =>
      t.db.selectFrom("outbox").select(["channel", "template", "params"]).where("recipient", "=", openid).where("template", "=", "parcelReturnSoon").execute()
    const remindJob = jobNamed("remind-due-returns")!

    it("remind-due-returns: one message per parcel 24 h before it is due, with its marker and log row; none when turned off", async () => {
      const on = await student()
      const off = await student()
      await t.api("PUT", "/api/user/notices", off.token, { kind: "returnReminder", on: false })
      const mine = await parcelFor(on.user.phone)
      const theirs = await parcelFor(off.user.phone)
      const checkedInAt = new Date(mine.created_at)

      // before the window: nothing
      await remindJob.run(t.runtime, new Date(checkedInAt.getTime() + 47 * HOUR))
      expect(await reminders(on.user.openid)).toEqual([])

      const first = await remindJob.run(t.runtime, new Date(checkedInAt.getTime() + 49 * HOUR))
      expect(first.reminded).toBeGreaterThanOrEqual(1)
      const code = `${mine.storage_no}-${String(mine.tag).padStart(4, "0")}`
      expect(await reminders(on.user.openid)).toEqual([{ channel: "template", template: "parcelReturnSoon", params: expect.objectContaining({ code }) }])
      expect(await reminders(off.user.openid)).toEqual([])
      const markers = await t.db.selectFrom("return_reminder").select(["parcel_id", "sent"]).where("parcel_id", "in", [mine.id, theirs.id]).orderBy("sent").execute()
      expect(markers).toEqual([{ parcel_id: theirs.id, sent: false }, { parcel_id: mine.id, sent: true }])
      const logged = await t.db.selectFrom("ops_log").select(["input", "outcome"]).where("op", "=", "remindReturn").execute()
      expect(logged.filter((l) => [mine.id, theirs.id].includes((l.input as { id: string }).id)).map((l) => l.outcome)).toEqual(expect.arrayContaining([{ sent: true }, { sent: false }]))

      // a second run, later in the window: nothing new for these parcels
      await remindJob.run(t.runtime, new Date(checkedInAt.getTime() + 60 * HOUR))
      expect(await reminders(on.user.openid)).toHaveLength(1)
      expect(await t.db.selectFrom("ops_log").select("seq").where("op", "=", "remindReturn").execute()).toHaveLength(logged.length)
    })

    it("check-in: the receiver's arrival template message with the pickup code beside the SMS; turned off, the SMS alone", async () => {
      const on = await student()
      const off = await student()
      await t.api("PUT", "/api/user/notices", off.token, { kind: "arrival", on: false })
      const arrivals = async (user: { openid: string; phone: string }, parcel: { storage_no: string; tag: number }) => {
        const code = `${parcel.storage_no}-${String(parcel.tag).padStart(4, "0")}`
        const rows = await t.db.selectFrom("outbox").select(["channel", "recipient", "params"]).where("template", "=", "parcelArrived")
          .where("recipient", "in", [user.openid, user.phone]).orderBy("id").execute()
        return rows.filter((r) => (r.params as { code?: string }).code === code).map((r) => [r.channel, r.recipient])
      }
      expect(await arrivals(on.user, await parcelFor(on.user.phone))).toEqual([["sms", on.user.phone], ["template", on.user.openid]])
      expect(await arrivals(off.user, await parcelFor(off.user.phone))).toEqual([["sms", off.user.phone]])
    })

    it("a check-in and its return reminder replay into a fresh database alike: the same messages and marker", async () => {
      const { user } = await student()
      const parcel = await parcelFor(user.phone)
      await remindJob.run(t.runtime, new Date(new Date(parcel.created_at).getTime() + 49 * HOUR))
      const lines: Array<{ lineNo: number; text: string }> = []
      await settleOutbox(t)
      for await (const op of loggedOperations(t.db)) {
        const about = (op.input as { id?: string }).id ?? (op.outcome as { id?: string }).id
        if ((op.op === "checkIn" || op.op === "remindReturn") && about === parcel.id) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
      }
      expect(lines.map((l) => (JSON.parse(l.text) as { op: string }).op)).toEqual(["checkIn", "remindReturn"])
      // the reminder ran 49 hours after the check-in: the replaying clock is past it, or that line would be in its future
      const fresh = await startTestApp("pglite", { clock: () => new Date(new Date(parcel.created_at).getTime() + 50 * HOUR) })
      try {
        await fresh.db.insertInto("app_user").values(await t.db.selectFrom("app_user").selectAll().where("id", "=", user.id).executeTakeFirstOrThrow()).execute()
        // the station's counter where it stood before this check-in (the check-ins before it are not replayed here)
        const { worksite_id } = await t.db.selectFrom("parcel").select("worksite_id").where("id", "=", parcel.id).executeTakeFirstOrThrow()
        await fresh.db.updateTable("storage_tag").set({ last_tag: parcel.tag - 1 }).where("worksite_id", "=", worksite_id).execute()
        const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
        expect(summary.problems).toEqual([])
        expect(summary).toMatchObject({ operations: 2, matched: 2 })
        const messages = (db: typeof t.db) => db.selectFrom("outbox").select(["channel", "template", "params"]).where("recipient", "=", user.openid).orderBy("id").execute()
        expect(await messages(fresh.db)).toEqual(await messages(t.db))
        expect((await messages(fresh.db)).map((m) => m.template)).toEqual(["parcelArrived", "parcelReturnSoon"])
        expect(await fresh.db.selectFrom("return_reminder").select(["parcel_id", "sent"]).execute()).toEqual([{ parcel_id: parcel.id, sent: true }])
      } finally {
        await fresh.close()
      }
    })

    it("remind-due-returns: two runs at once remind a parcel once", async () => {
      const racer = await student()
      const parcel = await parcelFor(racer.user.phone)
      const at = new Date(new Date(parcel.created_at).getTime() + 50 * HOUR)
      await Promise.all([remindJob.run(t.runtime, at), remindJob.run(t.runtime, at)])
      expect(await reminders(racer.user.openid)).toHaveLength(1)
      expect((await t.db.selectFrom("ops_log").select("input").where("op", "=", "remindReturn").execute())
        .filter((l) => (l.input as { id: string }).id === parcel.id)).toHaveLength(1)
    })

    it("remind-due-returns: a parcel already due when the job first sees it gets no reminder", async () => {
      const late = await student()
      const parcel = await parcelFor(late.user.phone)
      await remindJob.run(t.runtime, new Date(new Date(parcel.created_at).getTime() + 73 * HOUR))
      expect(await reminders(late.user.openid)).toEqual([])
      expect(await t.db.selectFrom("return_reminder").select("parcel_id").where("parcel_id", "=", parcel.id).execute()).toEqual([])
    })
  })
}
