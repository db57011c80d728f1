/**
 * The operations statistics over HTTP: every statistics call by role (student, runner, staff, site admin, head
 * office) and by report key (a worksite's, a global one, a revoked one, an expired one), each answer decoded with its
 * call's Schema; a report key on any other call is 401, and a revoke counts at once. Date ranges are refused in the
 * spec's words. Parcels checked in and handed out over HTTP show in today's live figures; `/my` offers the report to
 * the head office and site admins. The report links and site-admin changes replay into a fresh database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations, type LoggedOperation } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { WxUserInfo } from "#src/profile/calls"
import { addDays, todayAt } from "#src/statistics/days"
import { DailyStatistics, SitesForTongji, StatisticsById, Tongji, UnbindCount } from "#src/statistics/calls"
import { createReportLink, revokeReportLink, setSiteAdmin } from "#src/statistics/use-cases"
import { addMonths } from "#src/statistics/days"
import { jobNamed } from "#adapters/scheduler/jobs"
import { backends, checkInPayload, decodedData as decoded, settleOutbox, startTestApp, valueOf, type ApiAnswer, type TestApp } from "../support/test-app"

const FAILED = { success: false, message: "获取统计数据失败" }
const BAD_RANGE = { success: false, message: "统计日期范围不正确" }
const UNSIGNED = { success: false, message: "登录已失效，请重新进入" }

const answer = (r: ApiAnswer) => ({ status: r.status, body: r.body })

for (const backend of backends) describe(`operations statistics [${backend}]`, () => {
  let t: TestApp
  const tokens: Record<"student" | "runner" | "staff" | "siteAdmin" | "headOffice", string> = {} as never
  const keys: Record<"site" | "global" | "revoked" | "expired", string> = {} as never
  let expiredId = ""
  const today = todayAt(new Date())
  const tomorrow = addDays(today, 1)

  const makeKey = async (worksite: string | null) => valueOf(await t.runtime.run(createReportLink(worksite, 30)))

  beforeAll(async () => {
    t = await startTestApp(backend)
    const openids = { student: "demo-student", runner: "demo-runner", staff: "demo-staff-dy", siteAdmin: "demo-staff", headOffice: "demo-admin" } as const
    for (const [who, openid] of Object.entries(openids)) tokens[who as keyof typeof openids] = await t.token(openid)
    keys.site = (await makeKey("XY01")).secret
    keys.global = (await makeKey(null)).secret
    const revoked = await makeKey(null)
    valueOf(await t.runtime.run(revokeReportLink(revoked.key.id)))
    keys.revoked = revoked.secret
    const expired = await makeKey("ws-dongyuan")
    await t.db.updateTable("report_key").set({ created_at: new Date(Date.now() - 10 * 86_400_000), expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", expired.key.id).execute()
    keys.expired = expired.secret
    expiredId = expired.key.id
  })
  afterAll(async () => { await t?.close() })

  const calls = [
    "/api/worksite/listForTongji", "/api/worksite/tongji/-1", `/api/worksite/tongji/ws-xiyuan?timeBegin=${addDays(today, -6)}&timeEnd=${tomorrow}`,
    "/api/user/unbindCount", `/api/statistics/daily/${today}`, "/api/statistics/getById/ws-xiyuan"
  ]

  it("refuses students, runners and staff who are not site admins on every statistics call (403 '获取统计数据失败')", async () => {
    for (const who of ["student", "runner", "staff"] as const) {
      for (const path of calls) expect({ who, path, ...answer(await t.api("GET", path, tokens[who])) }).toEqual({ who, path, status: 403, body: FAILED })
    }
    for (const path of calls) expect({ path, ...answer(await t.api("GET", path)) }).toEqual({ path, status: 401, body: UNSIGNED })
  })

  it("shows the head office every worksite and every figure", async () => {
    const h = tokens.headOffice
    expect(decoded(SitesForTongji.answer, await t.api("GET", "/api/worksite/listForTongji", h)).map((s) => [s._id, s.siteCode]))
      .toEqual([["ws-dongyuan", "DY01"], ["ws-xiyuan", "XY01"]])
    const rows = decoded(Tongji.answer, await t.api("GET", "/api/worksite/tongji/-1", h))
    expect(rows.map((r) => r._id)).toEqual(["ws-dongyuan", "ws-xiyuan"])
    expect(rows.every((r) => typeof r.newBindCount === "number")).toBe(true)
    const seeded = await t.db.selectFrom("app_user").select("id").where("worksite_id", "=", "ws-xiyuan").execute()
    expect(rows[1]).toMatchObject({ name: "西园驿站", bindCount: seeded.length })
    expect(typeof decoded(UnbindCount.answer, await t.api("GET", "/api/user/unbindCount", h))).toBe("number")
    const record = decoded(StatisticsById.answer, await t.api("GET", "/api/statistics/getById/ws-dongyuan", h))
    expect(record).toMatchObject({ _id: "ws-dongyuan", time: today, live: true, worksite: { _id: "ws-dongyuan", name: "东园驿站" } })
    expect(typeof record.wxuserSubscribeCount).toBe("number")
    const daily = decoded(DailyStatistics.answer, await t.api("GET", `/api/statistics/daily/${today}`, h))
    expect(daily.map((b) => [b.type, b.name])).toEqual([[1, "取件量"], [2, "包裹量"], [3, "快递柜取件量"], [4, "跑腿量"], [5, "绑定量"], [6, "短信量"]])
    for (const block of daily) expect(block.detail.map((l) => [l.worksite, l._id])).toEqual([["ws-dongyuan", "ws-dongyuan"], ["ws-xiyuan", "ws-xiyuan"]])
    expect(daily[4]!.detail.every((l) => typeof l.count === "number")).toBe(true)
  })

  it("shows a site admin their worksite only, the new-user and real-name counts null", async () => {
    const s = tokens.siteAdmin
    expect(decoded(SitesForTongji.answer, await t.api("GET", "/api/worksite/listForTongji", s)).map((x) => x._id)).toEqual(["ws-xiyuan"])
    const rows = decoded(Tongji.answer, await t.api("GET", "/api/worksite/tongji/-1", s))
    expect(rows.map((r) => [r._id, r.newBindCount])).toEqual([["ws-xiyuan", null]])
    expect(decoded(Tongji.answer, await t.api("GET", "/api/worksite/tongji/ws-xiyuan", s))).toEqual(rows)
    expect(answer(await t.api("GET", "/api/worksite/tongji/ws-dongyuan", s))).toEqual({ status: 403, body: FAILED })
    expect(decoded(UnbindCount.answer, await t.api("GET", "/api/user/unbindCount", s))).toBeNull()
    const record = decoded(StatisticsById.answer, await t.api("GET", "/api/statistics/getById/ws-xiyuan", s))
    expect(record).toMatchObject({ _id: "ws-xiyuan", live: true, wxuserSubscribeCount: null, authVerifyCount: null, paotuiVerifyCount: null, newBindCount: null })
    expect(answer(await t.api("GET", "/api/statistics/getById/ws-dongyuan", s))).toEqual({ status: 403, body: FAILED })
    const daily = decoded(DailyStatistics.answer, await t.api("GET", `/api/statistics/daily/${today}`, s))
    for (const block of daily) expect(block.detail.map((l) => l.worksite)).toEqual(["ws-xiyuan"])
    expect(daily.find((b) => b.type === 5)!.detail[0]!.count).toBeNull()
    expect(answer(await t.api("GET", "/api/worksite/tongji/ws-nowhere", tokens.headOffice))).toEqual({ status: 404, body: FAILED })
    expect(answer(await t.api("GET", "/api/worksite/tongji/ws-nowhere", s))).toEqual({ status: 403, body: FAILED })
    expect(answer(await t.api("GET", "/api/statistics/getById/nothing-such", s))).toEqual({ status: 404, body: FAILED })
  })

  it("takes a report key on the two report calls only, within its scope; revoked and expired keys are 401", async () => {
    const site = decoded(DailyStatistics.answer, await t.api("GET", `/api/statistics/daily/${today}`, keys.site))
    for (const block of site) expect(block.detail.map((l) => l.worksite)).toEqual(["ws-xiyuan"])
    expect(site.find((b) => b.type === 5)!.detail[0]!.count).toBeNull()
    expect(decoded(StatisticsById.answer, await t.api("GET", "/api/statistics/getById/ws-xiyuan", keys.site)).wxuserSubscribeCount).toBeNull()
    expect(answer(await t.api("GET", "/api/statistics/getById/ws-dongyuan", keys.site))).toEqual({ status: 403, body: FAILED })

    const global = decoded(DailyStatistics.answer, await t.api("GET", `/api/statistics/daily/${today}`, keys.global))
    expect(global[0]!.detail.map((l) => l.worksite)).toEqual(["ws-dongyuan", "ws-xiyuan"])
    expect(typeof global[4]!.detail[0]!.count).toBe("number")
    expect(decoded(StatisticsById.answer, await t.api("GET", "/api/statistics/getById/ws-dongyuan", keys.global)).wxuserSubscribeCount).toEqual(expect.any(Number))

    for (const key of [keys.revoked, keys.expired, "x".repeat(43)]) {
      for (const path of [`/api/statistics/daily/${today}`, "/api/statistics/getById/ws-xiyuan"]) {
        expect({ path, ...answer(await t.api("GET", path, key)) }).toEqual({ path, status: 401, body: UNSIGNED })
      }
    }
    for (const key of [keys.site, keys.global]) {
      for (const path of ["/api/worksite/listForTongji", "/api/worksite/tongji/-1", "/api/user/unbindCount", "/api/user/wxuserInfo", "/api/expressTosend/pagingForFontend"]) {
        expect({ path, ...answer(await t.api("GET", path, key)) }).toEqual({ path, status: 401, body: UNSIGNED })
      }
      expect((await t.api("POST", "/api/suggestion", key, { type: 1, title: "x", content: "y" })).status).toBe(401)
    }
  })

  it("stops a key at once when it is revoked", async () => {
    const made = await makeKey(null)
    expect((await t.api("GET", `/api/statistics/daily/${today}`, made.secret)).status).toBe(200)
    expect(made.path).toBe(`/dailyStatic/${addDays(today, -1)}#key=${made.secret}`)
    const stored = await t.db.selectFrom("report_key").select("key_hash").where("id", "=", made.key.id).executeTakeFirstOrThrow()
    expect(stored.key_hash).not.toContain(made.secret)
    valueOf(await t.runtime.run(revokeReportLink(made.key.id)))
    expect(answer(await t.api("GET", `/api/statistics/daily/${today}`, made.secret))).toEqual({ status: 401, body: UNSIGNED })
  })

  it("refuses dates and ranges outside the last 6 months to tomorrow", async () => {
    const h = tokens.headOffice
    const sixMonths = addMonths(today, -6)
    const refused = [
      `timeBegin=${addDays(sixMonths, -1)}&timeEnd=${tomorrow}`, `timeBegin=${today}&timeEnd=${addDays(tomorrow, 1)}`, `timeBegin=${today}&timeEnd=${today}`,
      `timeBegin=2026-02-30&timeEnd=${tomorrow}`, `timeBegin=${today}`, `timeBegin=20261101&timeEnd=${tomorrow}`
    ]
    for (const q of refused) expect({ q, ...answer(await t.api("GET", `/api/worksite/tongji/-1?${q}`, h)) }).toEqual({ q, status: 400, body: BAD_RANGE })
    expect(decoded(Tongji.answer, await t.api("GET", `/api/worksite/tongji/-1?timeBegin=${sixMonths}&timeEnd=${tomorrow}`, h))).toHaveLength(2)
    for (const date of [tomorrow, addDays(sixMonths, -1), "2026-02-30", "today"]) {
      expect({ date, ...answer(await t.api("GET", `/api/statistics/daily/${date}`, h)) }).toEqual({ date, status: 400, body: BAD_RANGE })
    }
    // the range rule comes after the role check
    expect(answer(await t.api("GET", `/api/worksite/tongji/-1?timeBegin=2026-02-30`, tokens.student))).toEqual({ status: 403, body: FAILED })
  })

  it("counts today's check-ins and hand-overs live, in the daily report and the record", async () => {
    const before = decoded(StatisticsById.answer, await t.api("GET", "/api/statistics/getById/ws-xiyuan", tokens.headOffice))
    const staff = await t.token("demo-staff")
    const numbers = [checkInPayload(), checkInPayload()]
    for (const p of numbers) expect((await t.api("POST", "/api/expressTosend", staff, p)).status).toBe(201)
    const parcel = await t.db.selectFrom("parcel").select("id").where("express_no", "=", numbers[0]!.expressNo).executeTakeFirstOrThrow()
    const view = await t.api("GET", `/api/expressTosend/getById/${parcel.id}`, tokens.student)
    const qr = JSON.parse(view.body.data.qrContent) as { en: string; sn: string; tag: string; roid: string }
    const taken = await t.api("PUT", "/api/expressTosend/takepart", staff, {
      worksiteCode: "XY01", expressNo: qr.en, storageNo: qr.sn, signOpenid: qr.roid, tag: qr.tag, isPaotui: false, qr: JSON.stringify(qr)
    })
    expect(taken.status, JSON.stringify(taken.body)).toBe(200)
    const handed = 1
    const after = decoded(StatisticsById.answer, await t.api("GET", "/api/statistics/getById/ws-xiyuan", tokens.headOffice))
    expect(after.expessCount - before.expessCount).toBe(2)
    expect(after.sendedCount - before.sendedCount).toBe(handed)
    expect(after.toSendCount - before.toSendCount).toBe(2 - handed)
    const daily = decoded(DailyStatistics.answer, await t.api("GET", `/api/statistics/daily/${today}`, tokens.siteAdmin))
    expect(daily.find((b) => b.type === 2)!.detail[0]!.count).toBe(after.expessCount)
    expect(daily.find((b) => b.type === 1)!.detail[0]!.count).toBe(after.sendedCount)
    const rows = decoded(Tongji.answer, await t.api("GET", "/api/worksite/tongji/ws-xiyuan", tokens.siteAdmin))
    expect(rows[0]).toMatchObject({ expessCount: after.expessCount, liveOrderCount: after.sendedCount + after.lockerCount })
  })

  it("offers 运营报表 on /my to the head office and site admins", async () => {
    const seen = async (token: string) => decoded(WxUserInfo.answer, await t.api("GET", "/api/user/wxuserInfo", token))
    expect(await seen(tokens.headOffice)).toMatchObject({ isSiteAdmin: false, canSeeStatistics: true })
    expect(await seen(tokens.siteAdmin)).toMatchObject({ isSiteAdmin: true, canSeeStatistics: true })
    for (const who of ["student", "runner", "staff"] as const) expect(await seen(tokens[who])).toMatchObject({ isSiteAdmin: false, canSeeStatistics: false })
  })

  it("a site admin switched off is refused at once; the changes and the report links replay into a fresh database", async () => {
    const off = valueOf(await t.runtime.run(setSiteAdmin("13900000001", false)))
    expect(off).toMatchObject({ changed: true, siteAdmin: false, bound: true })
    expect(answer(await t.api("GET", "/api/worksite/listForTongji", tokens.siteAdmin))).toEqual({ status: 403, body: FAILED })
    expect(valueOf(await t.runtime.run(setSiteAdmin("13900000001", false))).changed).toBe(false)
    valueOf(await t.runtime.run(setSiteAdmin("13900000002", true)))
    expect(decoded(SitesForTongji.answer, await t.api("GET", "/api/worksite/listForTongji", tokens.staff)).map((s) => s._id)).toEqual(["ws-dongyuan"])

    const ops: Array<LoggedOperation> = []
    await settleOutbox(t)
    for await (const op of loggedOperations(t.db)) if (["createReportLink", "revokeReportLink", "setSiteAdmin"].includes(op.op)) ops.push(op)
    expect(ops.filter((o) => o.op === "createReportLink").length).toBeGreaterThanOrEqual(4)
    expect(ops.filter((o) => o.op === "revokeReportLink").length).toBeGreaterThanOrEqual(1)
    // the second switch-off changed nothing and was not logged
    expect(ops.slice(-2).map((o) => [o.op, o.actorOpenid, o.input])).toEqual([
      ["setSiteAdmin", "station-operator", { phone: "13900000001", on: false }], ["setSiteAdmin", "station-operator", { phone: "13900000002", on: true }]
    ])
    const fresh = await startTestApp(backend)
    try {
      async function* lines() {
        let lineNo = 0
        for (const op of ops) yield { lineNo: ++lineNo, text: JSON.stringify(op) }
      }
      const summary = await replayOperations(fresh.runtime, lines())
      expect(summary).toMatchObject({ operations: ops.length, matched: ops.length, mismatched: 0, failed: 0, badLines: 0 })
      // the expired key was aged by hand above, not by an operation
      const keysOf = async (db: TestApp["db"]) => (await db.selectFrom("report_key").select(["id", "worksite_id", "expires_at", "revoked_at", "key_hash"]).orderBy("id").execute())
        .map((k) => [k.id, k.worksite_id, k.id === expiredId ? "aged" : new Date(k.expires_at).toISOString(), k.revoked_at !== null])
      expect(await keysOf(fresh.db)).toEqual(await keysOf(t.db))
      const admins = (db: TestApp["db"]) => db.selectFrom("employee").select(["id", "site_admin"]).orderBy("id").execute()
      expect(await admins(fresh.db)).toEqual(await admins(t.db))
    } finally {
      await fresh.close()
    }
  })

  // races need real connections: PGlite serializes them
  if (backend === "postgres") it("two runs of the daily-statistics job at once store and log each worksite-day once", async () => {
    const now = new Date()
    const job = jobNamed("daily-statistics")!
    const [a, b] = await Promise.all([job.run(t.runtime, now), job.run(t.runtime, now)])
    expect({ failed: a.failed! + b.failed!, stored: a.stored! + b.stored!, unchanged: a.unchanged! + b.unchanged! }).toEqual({ failed: 0, stored: 4, unchanged: 4 })
    const rows = await t.db.selectFrom("daily_statistics").select(["worksite_id"]).execute()
    expect(rows).toHaveLength(4)
    const logged = await t.db.selectFrom("ops_log").select("seq").where("op", "=", "storeDailyStatistics").execute()
    expect(logged).toHaveLength(4)
    expect(await job.run(t.runtime, now)).toMatchObject({ stored: 0, unchanged: 4, failed: 0 })
  })
})
