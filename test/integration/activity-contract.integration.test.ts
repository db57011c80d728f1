/**
 * The announcement calls: `GET /api/active/list/1/{worksiteId}` answers the worksite's running ones newest first and
 * `GET /api/active/{id}` one of them, ended or not, each decoded with the call's own answer Schema (as the web does);
 * unknown ids are 404, over-long ones 400, no token 401. Content is stored cleaned. Two operators ending one at once:
 * one ends it. Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { Cause, Exit, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_ANNOUNCEMENT_ID } from "#adapters/postgres/seed-activity"
import { messages } from "#src/home/activity"
import { ActivityDetail, RunningActivities } from "#src/home/calls"
import { addActivity, endActivity } from "#src/home/use-cases"
import { BAD_REQUEST, SHORT_TEXT } from "#src/shared/wire"
import { messages as worksiteMessages } from "#src/worksite/directory"
import { backends, startTestApp, type ApiAnswer, type TestApp } from "../support/test-app"

const dataOf = <S extends Schema.Top>(answer: S, r: ApiAnswer): S["Type"] => {
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return Schema.decodeUnknownSync(answer as unknown as Schema.Decoder<S["Type"]>)(r.body.data)
}

const expectFailure = (r: ApiAnswer, status: number, message: string) => {
  expect({ status: r.status, body: r.body }).toEqual({ status, body: { success: false, message } })
}

const iso = (ms: number) => new Date(ms).toISOString()
const HOUR = 3_600_000

for (const backend of backends) {
  describe(`announcement calls [${backend}]`, () => {
    let t: TestApp
    let token: string
    beforeAll(async () => {
      t = await startTestApp(backend)
      token = await t.token("demo-student")
    })
    afterAll(async () => {
      await t?.close()
    })

    const add = async (worksiteId: string, title: string, fromMs: number, toMs: number, content = "<p>内容</p>") => {
      const exit = await t.runtime.run(addActivity({ worksiteId, title, content, from: iso(fromMs), to: iso(toMs) }))
      if (Exit.isFailure(exit)) throw Cause.squash(exit.cause)
      return exit.value
    }

    it("lists the running ones newest first (the seeded one among them), not the upcoming, ended or other worksite's", async () => {
      const now = Date.now()
      const older = await add("ws-xiyuan", "较早的公告", now - 48 * HOUR, now + 48 * HOUR)
      const newer = await add("ws-xiyuan", "较新的公告", now - HOUR, now + HOUR)
      await add("ws-xiyuan", "还没开始", now + HOUR, now + 48 * HOUR)
      await add("ws-xiyuan", "已经结束", now - 48 * HOUR, now - HOUR)
      await add("ws-dongyuan", "东园的公告", now - HOUR, now + HOUR)
      const running = dataOf(RunningActivities.answer, await t.api("GET", "/api/active/list/1/ws-xiyuan", token))
      const ids = running.map((a) => a._id)
      expect(ids).toEqual(expect.arrayContaining([newer.id, older.id, DEMO_ANNOUNCEMENT_ID]))
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
      const begins = running.map((a) => a.timeBegin.getTime())
      expect(begins).toEqual([...begins].sort((a, b) => b - a))
      expect(running.map((a) => a.title)).not.toEqual(expect.arrayContaining(["还没开始"]))
      expect(running.map((a) => a.title)).not.toEqual(expect.arrayContaining(["已经结束"]))
      expect(running.map((a) => a.title)).not.toEqual(expect.arrayContaining(["东园的公告"]))
      for (const a of running) expect(a.timeBegin.getTime() <= now && now < a.timeEnd.getTime()).toBe(true)
      expectFailure(await t.api("GET", "/api/active/list/1/ws-nowhere", token), 404, worksiteMessages.notFound)
    })

    it("answers one as { _id, title, content, timeBegin, timeEnd }, an ended one too; unknown and discount ids are 404", async () => {
      const now = Date.now()
      const ended = await add("ws-xiyuan", "已结束的活动", now - 10 * HOUR, now - 5 * HOUR, `<p onclick="x()">文字</p><script>alert(1)</script><img src="javascript:alert(1)">`)
      const r = await t.api("GET", `/api/active/${ended.id}`, token)
      expect(Object.keys(r.body.data).sort()).toEqual(["_id", "content", "timeBegin", "timeEnd", "title"])
      expect(dataOf(ActivityDetail.answer, r)).toEqual({
        _id: ended.id, title: "已结束的活动", content: "<p>文字</p>", timeBegin: new Date(now - 10 * HOUR), timeEnd: new Date(now - 5 * HOUR)
      })
      expect(await t.db.selectFrom("errand_activity").select("content").where("id", "=", ended.id).executeTakeFirstOrThrow()).toEqual({ content: "<p>文字</p>" })
      expectFailure(await t.api("GET", "/api/active/no-such-activity", token), 404, messages.notFound)
      expectFailure(await t.api("GET", "/api/active/act-xy-door", token), 404, messages.notFound)
      for (const junk of ["x'--", "%E2%80%8B", "%F0%9F%98%80", "..%2F..%2Fetc", "1%20or%201%3D1"]) {
        expectFailure(await t.api("GET", `/api/active/${junk}`, token), 404, messages.notFound)
        expectFailure(await t.api("GET", `/api/active/list/1/${junk}`, token), 404, worksiteMessages.notFound)
      }
      expectFailure(await t.api("GET", `/api/active/${"a".repeat(SHORT_TEXT + 1)}`, token), 400, BAD_REQUEST)
      expect((await t.api("GET", `/api/active/${ended.id}`)).status).toBe(401)
      expect((await t.api("GET", "/api/active/list/1/ws-xiyuan")).status).toBe(401)
    })

    it("two operators ending one at once: one ends it, the other is told it has ended", async () => {
      const now = Date.now()
      const a = await add("ws-xiyuan", "要结束的公告", now - HOUR, now + 10 * HOUR)
      const exits = await Promise.all([t.runtime.run(endActivity(a.id)), t.runtime.run(endActivity(a.id))])
      expect(exits.filter(Exit.isSuccess)).toHaveLength(1)
      const refusal = exits.find(Exit.isFailure)!
      expect(Cause.squash(refusal.cause)).toMatchObject({ _tag: "StateConflict", message: messages.alreadyEnded })
      const running = dataOf(RunningActivities.answer, await t.api("GET", "/api/active/list/1/ws-xiyuan", token))
      expect(running.map((x) => x._id)).not.toContain(a.id)
      const ops = await t.db.selectFrom("ops_log").select(["op", "input"]).where("op", "=", "endActivity").execute()
      expect(ops.filter((o) => (o.input as { id: string }).id === a.id)).toHaveLength(1)
    })
  })
}
