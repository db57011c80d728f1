/**
 * Returns to the courier over HTTP: parcels become due three days after check-in (markDueParcels), staff
 * list their own worksite's due parcels and hand each back with a scan of its number; a wrong number, a
 * second scan, another worksite and bad input are refused with clear messages; concurrent scans of one
 * parcel leave one winner; staff screens hear 'returnDone'; `station replay` reproduces it all.
 * Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { io, type Socket } from "socket.io-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations, reproduced } from "#adapters/ops/replay"
import { checkIn } from "#src/parcel/use-cases"
import { markDueParcels, RETURN_AFTER_MS, SYSTEM_ACTOR } from "#src/parcel/returns"
import { actorByOpenid } from "#adapters/ops/actors"
import { backends, checkInPayload, newUser, startTestApp, unique, valueOf, type TestApp } from "../support/test-app"

const M = {
  mismatch: "快递单号不一致，请查证。",
  again: "该快递已退回，请勿重复扫描",
  notBound: "请先绑定后台操作用户",
  otherWorksite: "只能操作本站点的快递",
  notFound: "快递不存在",
  done: "退回成功"
}

const HOUR = 3_600_000

for (const backend of backends) {
  describe(`returns to the courier [${backend}]`, () => {
    let t: TestApp
    let staff: string
    let staffDy: string
    let student: string

    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[staff, staffDy, student] = await Promise.all([t.token("demo-staff"), t.token("demo-staff-dy"), t.token("demo-student")])
    })
    afterAll(async () => {
      await t?.close()
    })

    const later = (ms: number) => new Date(Date.now() + ms)
    /** Checks a parcel in at xiyuan (or dongyuan) and returns its id and number. */
    const checkedIn = async (overrides: Record<string, unknown> = {}, token = staff) => {
      const expressNo = unique("RT")
      const r = await t.api("POST", "/api/expressTosend", token, checkInPayload({ expressNo, ...overrides }))
      expect(r.status).toBe(201)
      const row = await t.db.selectFrom("parcel").select(["id", "status"]).where("express_no", "=", expressNo).executeTakeFirstOrThrow()
      return { id: row.id, expressNo }
    }
    const statusOf = async (id: string) => (await t.db.selectFrom("parcel").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status
    const markDue = (at: Date) => t.runtime.run(markDueParcels(), { now: at }).then(valueOf)
    const toReturn = (token: string, query = "") => t.api("GET", `/api/expressTosend/toreturn${query}`, token)
    const scan = (token: string, body: Record<string, unknown>) => t.api("PUT", "/api/expressTosend/return", token, body)
    /** A parcel due for return at xiyuan: checked in now and marked due three days and a minute later. */
    const dueParcel = async (overrides: Record<string, unknown> = {}, token = staff) => {
      const p = await checkedIn(overrides, token)
      await markDue(later(RETURN_AFTER_MS + 60_000))
      expect(await statusOf(p.id)).toBe(300)
      return p
    }

    it("a parcel becomes due only once three days have passed since its check-in, and a second run changes nothing", async () => {
      const p = await checkedIn()
      const before = await markDue(later(RETURN_AFTER_MS - 60_000))
      expect(before.ids).not.toContain(p.id)
      expect(await statusOf(p.id)).toBe(0)
      const after = await markDue(later(RETURN_AFTER_MS + 60_000))
      expect(after.ids).toContain(p.id)
      expect(await statusOf(p.id)).toBe(300)
      expect(await markDue(later(RETURN_AFTER_MS + 120_000))).toEqual({ count: 0, ids: [] })
      const logged = await t.db.selectFrom("ops_log").select(["op", "actor_openid", "outcome"]).where("op", "=", "markDue").execute()
      expect(logged.some((l) => l.actor_openid === SYSTEM_ACTOR && (l.outcome as { ids: string[] }).ids.includes(p.id))).toBe(true)
    })

    it("the receiver still collects a due parcel; a parcel picked up is never marked due", async () => {
      const p = await dueParcel()
      const view = await t.api("GET", `/api/expressTosend/getById/${p.id}`, student)
      const qr = JSON.parse(view.body.data.qrContent)
      const take = await t.api("PUT", "/api/expressTosend/takepart", staff, {
        worksiteCode: "XY01", expressNo: qr.en, storageNo: qr.sn, signOpenid: qr.roid, tag: qr.tag, isPaotui: false, qr: JSON.stringify(qr)
      })
      expect(take.status).toBe(200)
      expect(await statusOf(p.id)).toBe(100)
      expect((await markDue(later(RETURN_AFTER_MS * 2))).ids).not.toContain(p.id)
      expect(await statusOf(p.id)).toBe(100)
    })

    it("staff list their worksite's due parcels, oldest first, by carrier; another worksite's list is refused", async () => {
      const sf = await dueParcel()
      const yto = await dueParcel({ expressCompany: "ec-yto", expressName: "圆通速递" })
      const all = await toReturn(staff, "?worksiteId=ws-xiyuan")
      expect(all.status).toBe(200)
      const ids = all.body.data.map((p: { _id: string }) => p._id)
      expect(ids).toEqual(expect.arrayContaining([sf.id, yto.id]))
      expect(all.body.data.every((p: { status: number; worksite: string }) => p.status === 300 && p.worksite === "ws-xiyuan")).toBe(true)
      const onlyYto = await toReturn(staff, "?worksiteId=ws-xiyuan&expressCompanyId=ec-yto")
      expect(onlyYto.body.data.map((p: { _id: string }) => p._id)).toContain(yto.id)
      expect(onlyYto.body.data.map((p: { _id: string }) => p._id)).not.toContain(sf.id)
      expect((await toReturn(staff)).body.data.length).toBe(all.body.data.length)

      expect(await toReturn(staff, "?worksiteId=ws-dongyuan")).toMatchObject({ status: 403, body: { success: false, message: M.otherWorksite } })
      const dy = await toReturn(staffDy)
      expect(dy.status).toBe(200)
      expect(dy.body.data.map((p: { _id: string }) => p._id)).not.toContain(sf.id)
      expect(await toReturn(student)).toMatchObject({ status: 403, body: { message: M.notBound } })
      expect((await toReturn("")).status).toBe(401)
    })

    it("the return scan: a wrong number is 400 with the spec's message, the right one returns it (400), a second scan is 409", async () => {
      const p = await dueParcel()
      const body = { _id: p.id, expressNo: p.expressNo, worksiteCode: "XY01", storageNo: "A-01", tag: "0001" }
      expect(await scan(staff, { ...body, expressNo: `${p.expressNo}X` })).toMatchObject({ status: 400, body: { success: false, message: M.mismatch } })
      expect(await statusOf(p.id)).toBe(300)
      expect(await scan(staff, body)).toMatchObject({ status: 200, body: { success: true, message: M.done } })
      expect(await statusOf(p.id)).toBe(400)
      expect(await scan(staff, body)).toMatchObject({ status: 409, body: { success: false, message: M.again } })
      const list = await toReturn(staff)
      expect(list.body.data.map((x: { _id: string }) => x._id)).not.toContain(p.id)
      const logged = await t.db.selectFrom("ops_log").select(["op", "outcome"]).where("op", "=", "returnParcel").execute()
      expect(logged.filter((l) => (l.outcome as { id: string }).id === p.id)).toEqual([{ op: "returnParcel", outcome: { id: p.id, status: 400 } }])
    })

    it("staff never act on another worksite's parcel; a parcel not due cannot be returned", async () => {
      const p = await dueParcel()
      expect(await scan(staffDy, { _id: p.id, expressNo: p.expressNo })).toMatchObject({ status: 404, body: { message: M.notFound } })
      expect(await scan(staff, { _id: p.id, expressNo: p.expressNo, worksiteCode: "DY01" })).toMatchObject({ status: 403, body: { message: M.otherWorksite } })
      expect(await scan(student, { _id: p.id, expressNo: p.expressNo })).toMatchObject({ status: 403, body: { message: M.notBound } })
      expect(await statusOf(p.id)).toBe(300)
      const fresh = await checkedIn()
      expect(await scan(staff, { _id: fresh.id, expressNo: fresh.expressNo })).toMatchObject({ status: 409, body: { message: "该快递当前状态为待取件，不能退回" } })
    })

    it("bad input gets the spec's message or a clear 4xx, never a 500", async () => {
      const p = await dueParcel()
      const cases: ReadonlyArray<readonly [unknown, number]> = [
        [{}, 400], [{ _id: p.id }, 400], [{ _id: p.id, expressNo: "" }, 400], [{ expressNo: p.expressNo }, 400],
        [{ _id: 12, expressNo: 34 }, 404], [{ _id: ["a"], expressNo: { a: 1 } }, 400], [{ _id: "x".repeat(5000), expressNo: "y" }, 400],
        [{ _id: p.id, expressNo: null }, 400], [{ _id: "nope", expressNo: "nope" }, 404]
      ]
      for (const [body, status] of cases) {
        const r = await scan(staff, body as Record<string, unknown>)
        expect({ body, status: r.status, success: r.body.success }).toEqual({ body, status, success: false })
        expect(typeof r.body.message).toBe("string")
      }
      const raw = await t.send("PUT", "/api/expressTosend/return", { token: staff, rawBody: "{not json" })
      expect(raw.status).toBe(400)
      for (const q of ["?worksiteId[]=a", "?expressCompanyId=" + "z".repeat(500), "?worksiteId=%00", "?expressCompanyId=nope"]) {
        const r = await toReturn(staff, q)
        expect(r.status, q).toBeLessThan(500)
      }
      expect(await statusOf(p.id)).toBe(300)
    })

    it("junk in every field of the scan, the list's query and getByUnionid's path: a 4xx with a message, never a 500, and nothing changes", async () => {
      const p = await dueParcel()
      const good = { _id: p.id, expressNo: p.expressNo, worksiteCode: "XY01", storageNo: "A-01", tag: "0001" }
      const junk: ReadonlyArray<unknown> = [
        null, true, [], ["x"], {}, { a: 1 }, "", "   ", "字".repeat(10_000), "\u0000", "x\u0000y", 0, -1, 1.5, 1e308, 2 ** 53,
        "💩", "\u202e\u0645", "\ud800", "𝕏".repeat(300), "' or 1=1 --", "<script>alert(1)</script>", "../../etc/passwd"
      ]
      for (const field of ["_id", "expressNo"] as const) {
        for (const value of junk) {
          const r = await scan(staff, { ...good, [field]: value })
          const label = `${field}=${JSON.stringify(value)?.slice(0, 30)}`
          expect(r.status, `${label} → ${r.status} ${JSON.stringify(r.body)?.slice(0, 120)}`).toBeGreaterThanOrEqual(400)
          expect(r.status, label).toBeLessThan(500)
          expect({ label, success: r.body.success, message: typeof r.body.message }).toEqual({ label, success: false, message: "string" })
        }
      }
      for (const field of ["worksiteCode", "storageNo", "tag"] as const) {
        for (const value of junk) {
          const r = await scan(staff, { ...good, expressNo: `${p.expressNo}-NOT`, [field]: value })
          expect(r.status, `${field}=${JSON.stringify(value)?.slice(0, 30)} → ${r.status}`).toBeLessThan(500)
          expect(r.body.success).toBe(false)
        }
      }
      for (const path of ["%00", "a%00b", "%F0%9F%92%A9", "%ED%A0%80", "%25", "..%2F..%2Fetc", "x".repeat(5_000)]) {
        const byUnionid = await t.api("GET", `/auth/employee/getByUnionid/${path}`, staff)
        expect(byUnionid.status, path).toBeGreaterThanOrEqual(400)
        expect(byUnionid.status, path).toBeLessThan(500)
        const list = await toReturn(staff, `?worksiteId=${path}&expressCompanyId=${path}`)
        expect(list.status, path).toBeGreaterThanOrEqual(400)
        expect(list.status, path).toBeLessThan(500)
      }
      expect(await statusOf(p.id)).toBe(300)
    })

    it("concurrent scans of one parcel: exactly one wins, the others get the conflict", async () => {
      const p = await dueParcel()
      const answers = await Promise.all(Array.from({ length: 12 }, () => scan(staff, { _id: p.id, expressNo: p.expressNo })))
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === M.again)).toBe(true)
      expect(answers.filter((a) => a.status === 409)).toHaveLength(11)
      const logged = await t.db.selectFrom("ops_log").select("outcome").where("op", "=", "returnParcel").execute()
      expect(logged.filter((l) => (l.outcome as { id: string }).id === p.id)).toHaveLength(1)
    })

    const connect = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(t.url, { auth: { token }, transports: ["websocket"], reconnection: false })
        socket.once("connect", () => resolve(socket))
        socket.once("connect_error", reject)
      })

    it("every staff screen of the worksite hears 'returnDone'; the other worksite's staff do not", async () => {
      const [mine, theirs] = await Promise.all([connect(staff), connect(staffDy)])
      try {
        const heard: Array<unknown> = []
        const heardThere: Array<unknown> = []
        mine.on("returnDone", (payload) => heard.push(payload))
        theirs.on("returnDone", (payload) => heardThere.push(payload))
        const p = await dueParcel()
        expect((await scan(staff, { _id: p.id, expressNo: p.expressNo })).status).toBe(200)
        await expect.poll(() => heard, { timeout: 3000 }).toContainEqual({ _id: p.id })
        expect(heardThere).toEqual([])
      } finally {
        mine.close()
        theirs.close()
      }
    })

    it("getByUnionid finds the employee of the caller's own unionid; another unionid is refused", async () => {
      await t.db.updateTable("app_user").set({ unionid: "union-staff" }).where("openid", "=", "demo-staff").execute()
      const twin = await newUser(t.db, {}, { role: "staff" })
      await t.db.updateTable("app_user").set({ unionid: "union-staff" }).where("id", "=", twin.id).execute()
      const twinToken = await t.token(twin.openid)
      const mine = await t.api("GET", "/auth/employee/getByUnionid/union-staff", twinToken)
      expect(mine).toMatchObject({ status: 200, body: { success: true, user: { _id: "e-xiyuan-1", openid: "demo-staff", worksite: { _id: "ws-xiyuan" } } } })
      expect(mine.body.user.passwordHash).toBeUndefined()
      // found by unionid, the same person acts as the station's staff from their other openid
      expect(await t.api("GET", `/auth/employee/getByOpen/${twin.openid}`, twinToken)).toMatchObject({ status: 200, body: { user: { _id: "e-xiyuan-1" } } })
      expect((await toReturn(twinToken)).status).toBe(200)
      // and hears the worksite's live events on that openid's screens
      const screen = await connect(twinToken)
      try {
        const heard: Array<unknown> = []
        screen.on("returnDone", (payload) => heard.push(payload))
        const p = await dueParcel()
        expect((await scan(staff, { _id: p.id, expressNo: p.expressNo })).status).toBe(200)
        await expect.poll(() => heard, { timeout: 3000 }).toContainEqual({ _id: p.id })
      } finally {
        screen.close()
      }
      expect(await t.api("GET", "/auth/employee/getByUnionid/union-staff", student)).toMatchObject({ status: 403, body: { message: M.notBound } })
      await t.db.updateTable("app_user").set({ unionid: "union-student" }).where("openid", "=", "demo-student").execute()
      expect(await t.api("GET", "/auth/employee/getByUnionid/union-student", student)).toMatchObject({ status: 403, body: { message: M.notBound } })
      expect((await t.api("GET", "/auth/employee/getByUnionid/x", "")).status).toBe(401)
    })
  })

  describe(`station replay reproduces returns [${backend}]`, () => {
    let source: TestApp
    let target: TestApp
    beforeAll(async () => {
      ;[source, target] = await Promise.all([startTestApp(backend), startTestApp(backend)])
    })
    afterAll(async () => {
      await Promise.all([source?.close(), target?.close()])
    })

    it("check-ins, a mark-due run and return scans replay into a fresh database with the same outcomes", async () => {
      const t0 = new Date("2026-11-01T02:00:00Z")
      const staffActor = (await actorByOpenid(source.db, "demo-staff"))!
      const ids: string[] = []
      for (let i = 0; i < 3; i++) {
        const checked = valueOf(await source.runtime.run(checkIn(staffActor, checkInPayload({ expressNo: `REPLAY-${i}` })), { now: new Date(t0.getTime() + i * HOUR) }))
        ids.push(checked.parcel.id)
      }
      const marked = valueOf(await source.runtime.run(markDueParcels(), { now: new Date(t0.getTime() + 73 * HOUR) }))
      expect(marked.ids).toEqual([...ids.slice(0, 2)].sort())
      const { returnParcel } = await import("#src/parcel/returns")
      valueOf(await source.runtime.run(returnParcel(staffActor, { _id: ids[0], expressNo: "REPLAY-0" }), { now: new Date(t0.getTime() + 74 * HOUR) }))
      const lines: Array<{ lineNo: number; text: string }> = []
      // the parcels' lines (the server's sender logs its SMS charges beside them, at its own time)
      for await (const op of loggedOperations(source.db)) if (op.op !== "chargeSms") lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
      expect(lines.map((l) => JSON.parse(l.text).op)).toEqual(["checkIn", "checkIn", "checkIn", "markDue", "returnParcel"])

      async function* feed() { yield* lines }
      const summary = await replayOperations(target.runtime, feed())
      expect(summary.problems).toEqual([])
      expect(reproduced(summary)).toBe(true)
      expect(summary.matched).toBe(5)
      const statuses = await target.db.selectFrom("parcel").select(["id", "status"]).where("id", "in", ids).orderBy("id").execute()
      expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [ids[0]!]: 400, [ids[1]!]: 300, [ids[2]!]: 0 })
    })

    it("proxy choose, refuse and cancel, self-sign and the cabinet opening replay into a fresh database with the same outcomes", async () => {
      const t0 = new Date("2026-11-10T02:00:00Z")
      const at = (h: number) => ({ now: new Date(t0.getTime() + h * HOUR) })
      const { chooseAgent, cancelAgent, refuseAgent, selfSign, openBox } = await import("#src/parcel/receiver")
      await Promise.all([source, target].map((app) => app.db.updateTable("worksite").set({ self_sign_able: true }).where("id", "=", "ws-xiyuan").execute()))
      const [staffActor, receiver, friend] = await Promise.all(["demo-staff", "demo-student", "demo-newstaff"].map(async (o) => (await actorByOpenid(source.db, o))!))
      const ids: string[] = []
      for (let i = 0; i < 3; i++) ids.push(valueOf(await source.runtime.run(checkIn(staffActor!, checkInPayload({ expressNo: `PROXY-${i}` })), at(i))).parcel.id)
      const cabinet = { type: 2, device_address: "XY-CAB-9", box_door: "B02" }
      await source.db.updateTable("parcel").set(cabinet).where("id", "=", ids[2]!).execute()
      const [a, b, c] = ids as [string, string, string]
      valueOf(await source.runtime.run(chooseAgent(receiver!, { toTakeId: a, agentPhone: "13900000003" }), at(4)))
      valueOf(await source.runtime.run(refuseAgent(friend!, a), at(5)))
      valueOf(await source.runtime.run(chooseAgent(receiver!, { toTakeId: a, agentPhone: "13900000003" }), at(6)))
      valueOf(await source.runtime.run(cancelAgent(receiver!, a), at(7)))
      valueOf(await source.runtime.run(chooseAgent(receiver!, { toTakeId: b, agentPhone: "13900000003" }), at(8)))
      valueOf(await source.runtime.run(selfSign(receiver!, a), at(9)))
      valueOf(await source.runtime.run(openBox(receiver!, c), at(10)))
      const lines: Array<{ lineNo: number; text: string }> = []
      for await (const op of loggedOperations(source.db, { from: t0 })) if (op.op !== "chargeSms") lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
      expect(lines.map((l) => JSON.parse(l.text).op)).toEqual(["checkIn", "checkIn", "checkIn", "chooseAgent", "refuseAgent", "chooseAgent", "cancelAgent", "chooseAgent", "selfSign", "openBox"])

      // the cabinet a parcel sits in is not a logged operation (no cabinet check-in yet): set it as in the source
      async function* feed(from: number, to: number) { yield* lines.slice(from, to) }
      const first = await replayOperations(target.runtime, feed(0, 3))
      await target.db.updateTable("parcel").set(cabinet).where("id", "=", c).execute()
      // the door opened once, in the source: the replay answers as recorded and opens no door, offline cabinet or not
      target.runtime.locker.setOffline("XY-CAB-9")
      const rest = await replayOperations(target.runtime, feed(3, lines.length))
      expect([...first.problems, ...rest.problems]).toEqual([])
      expect(reproduced(first) && reproduced(rest)).toBe(true)
      expect(first.matched + rest.matched).toBe(10)
      const columns = ["id", "status", "agent_id", "agent_phone", "sign_openid", "box_opened_at"] as const
      const of = (app: TestApp) => app.db.selectFrom("parcel").select(columns).where("id", "in", ids).orderBy("id").execute()
      const [recorded, replayed] = await Promise.all([of(source), of(target)])
      expect(replayed).toEqual(recorded)
      expect(Object.fromEntries(replayed.map((r) => [r.id, [r.status, r.agent_id]]))).toEqual({ [a]: [100, null], [b]: [1, "u-newstaff"], [c]: [100, null] })
      expect(source.runtime.locker.openings.map((d) => d.door)).toEqual(["B02"])
      expect(target.runtime.locker.openings).toEqual([])
    })
  })
}
