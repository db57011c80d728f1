/**
 * Reminders over HTTP (issue 21 item 8), on PGlite and (with TEST_DATABASE_URL) Postgres: the switches on 我的 are
 * all on at first, one turned off stays off and is logged; a wrong
 * kind is refused with nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Notices, SetNotice } from "#src/notice/calls"
import { backends, decodedData as decoded, newUser, startTestApp, type TestApp } from "../support/test-app"

const ALL_ON = { arrival: true, returnReminder: true, errandStatus: true, sendStatus: true }

for (const backend of backends) {
  describe(`reminders [${backend}]`, () => {
    let t: TestApp
    beforeAll(async () => { t = await startTestApp(backend) })
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

    it("refuses an unknown kind or a missing choice, writing nothing", async () => {
      const { user, token } = await student()
      const wrong = await t.api("PUT", "/api/user/notices", token, { kind: "ads", on: false })
      expect([wrong.status, wrong.body.message]).toEqual([400, "请选择提醒类型"])
      const missing = await t.api("PUT", "/api/user/notices", token, { kind: "arrival" })
      expect([missing.status, missing.body.message]).toEqual([400, "请选择是否开启提醒"])
      expect(await t.db.selectFrom("notice_off").selectAll().where("user_id", "=", user.id).execute()).toEqual([])
      expect(await t.db.selectFrom("ops_log").select("op").where("op", "=", "setNotice").where("actor_openid", "=", user.openid).execute()).toEqual([])
    })
  })
}
