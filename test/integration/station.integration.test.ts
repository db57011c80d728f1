/**
 * Station staff calls over HTTP: check-in validation and rules, worksite boundaries, the signed
 * pickup QR, pickup, the receiver's view, the receiver lookup, the SMS outbox and idempotency.
 * Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, checkInPayload, newUser, startTestApp, unique, uniquePhone, type TestApp } from "../support/test-app"

const M = {
  company: "请选择快递公司",
  shelf: "请扫描货架编号",
  expressNo: "请扫描快递单号",
  weight: "请选择大概重量",
  phoneMissing: "收件电话为空",
  phoneWrong: "请检查收件电话是否正确",
  duplicate: "该快递单号已在本站入库，请勿重复入库",
  notServed: "本站点不收该快递公司的快递",
  notBound: "请先绑定后台操作用户",
  otherWorksite: "只能操作本站点的快递",
  qrInvalid: "二维码校验失败",
  taken: "确认取件成功",
  scanFirst: "请先扫一扫取件码",
  noMatch: "暂无匹配的用户，请手动输入收件人电话或按照规定操作。"
}

type Qr = Record<string, string | number>

for (const backend of backends) {
  describe(`station over HTTP [${backend}]`, () => {
    let t: TestApp
    let staff: string
    let staffDy: string
    let student: string
    let runner: string

    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[staff, staffDy, student, runner] = await Promise.all([t.token("demo-staff"), t.token("demo-staff-dy"), t.token("demo-student"), t.token("demo-runner")])
    })
    afterAll(async () => {
      await t?.close()
    })

    const checkIn = (token: string, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) =>
      t.api("POST", "/api/expressTosend", token, checkInPayload(overrides), headers)
    const parcelsWith = (expressNo: string) => t.db.selectFrom("parcel").selectAll().where("express_no", "=", expressNo).execute()
    const parcelId = async (expressNo: string) => (await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo)
      .orderBy("created_at", "desc").executeTakeFirstOrThrow()).id
    /** Checks a parcel in for demo-student at xiyuan and returns its id and the signed QR the student sees. */
    const parcelForStudent = async () => {
      const expressNo = unique("SF")
      const r = await checkIn(staff, { expressNo })
      expect(r.status).toBe(201)
      const id = await parcelId(expressNo)
      const view = await t.api("GET", `/api/expressTosend/getById/${id}`, student)
      expect(view.status).toBe(200)
      return { id, expressNo, code: r.body.data as string, qr: JSON.parse(view.body.data.qrContent) as Qr }
    }
    const checkQr = (token: string, qr: Qr) =>
      t.api("GET", `/api/expressTosend/checkqr?${new URLSearchParams(Object.entries(qr).map(([k, v]) => [k, String(v)]))}`, token)
    const takePartBody = (qr: Qr) => ({ worksiteCode: "XY01", expressNo: qr.en, storageNo: qr.sn, signOpenid: qr.roid, tag: qr.tag, isPaotui: false, qr: JSON.stringify(qr) })

    describe("check-in validation: the spec's six checks in the spec's order", () => {
      it("each missing or wrong field in turn gives its message (400) and writes nothing", async () => {
        const expressNo = unique("SF")
        const steps: Array<[Record<string, unknown>, string]> = [
          [{}, M.company],
          [{ expressCompany: "ec-sf" }, M.shelf],
          [{ expressCompany: "ec-sf", storageNo: "A-01" }, M.expressNo],
          [{ expressCompany: "ec-sf", storageNo: "A-01", expressNo }, M.weight],
          [{ expressCompany: "ec-sf", storageNo: "A-01", expressNo, weight: "wf-1" }, M.phoneMissing],
          [{ expressCompany: "ec-sf", storageNo: "A-01", expressNo, weight: "wf-1", receiverPhone: "1380000" }, M.phoneWrong]
        ]
        for (const [body, message] of steps) {
          const r = await t.api("POST", "/api/expressTosend", staff, body)
          expect(r.status, message).toBe(400)
          expect(r.body).toEqual({ success: false, message })
        }
        expect(await parcelsWith(expressNo)).toHaveLength(0)
      })

      it("the earliest failing check wins whatever else is wrong", async () => {
        const r = await t.api("POST", "/api/expressTosend", staff, { storageNo: "", expressNo: "", weight: "", receiverPhone: "12" })
        expect(r.body.message).toBe(M.company)
        const r2 = await t.api("POST", "/api/expressTosend", staff, { expressCompany: "ec-sf", weight: "wf-1", receiverPhone: "12" })
        expect(r2.body.message).toBe(M.shelf)
      })

      it.each([
        ["blank company", { expressCompany: "   " }, M.company],
        ["blank shelf", { storageNo: " " }, M.shelf],
        ["blank express number", { expressNo: "\t" }, M.expressNo],
        ["nothing after the comma", { expressNo: "SF," }, M.expressNo],
        ["blank weight", { weight: "" }, M.weight],
        ["empty phone", { receiverPhone: "" }, M.phoneMissing],
        ["12-digit phone", { receiverPhone: "138000000011" }, M.phoneWrong],
        ["10-digit phone", { receiverPhone: "1380000000" }, M.phoneWrong],
        ["phone with a letter", { receiverPhone: "1380000000a" }, M.phoneWrong],
        ["phone with +86", { receiverPhone: "+8613800000001" }, M.phoneWrong],
        ["unknown weight type", { weight: "wf-9" }, M.weight],
        ["unknown company", { expressCompany: "ec-nope" }, M.notServed],
        ["company the worksite does not serve", { expressCompany: "ec-ems" }, M.notServed]
      ])("%s → 400", async (_label, overrides, message) => {
        const expressNo = unique("SF")
        const r = await checkIn(staff, { expressNo, ...overrides })
        expect(r.status).toBe(400)
        expect(r.body).toEqual({ success: false, message })
        expect(await parcelsWith(expressNo)).toHaveLength(0)
      })
    })

    it("a valid check-in: 201, the storage code storageNo-tag, the parcel stored for the receiver found by phone", async () => {
      const expressNo = unique("SF")
      const r = await checkIn(staff, { expressNo, storageNo: "C-03" })
      expect(r.status).toBe(201)
      expect(r.body.success).toBe(true)
      expect(r.body.data).toMatch(/^C-03-\d{4}$/)
      const [p] = await parcelsWith(expressNo)
      expect(p).toMatchObject({ worksite_id: "ws-xiyuan", storage_no: "C-03", status: 0, receiver_id: "u-student", receiver_openid: "demo-student", receiver_phone: "13800000001" })
      expect(r.body.data).toBe(`C-03-${String(p!.tag).padStart(4, "0")}`)
      const mine = await t.api("GET", "/api/expressTosend/pagingForFontend?statusStr=ing", student)
      expect(mine.body.data.results.map((x: { _id: string }) => x._id)).toContain(p!.id)
    })

    it("a scanned value with a comma keeps only what follows the first comma", async () => {
      const no = unique("SF")
      const r = await checkIn(staff, { expressNo: `https://sf.example/q?x=1,${no}`, storageNo: "SHELF,B-02" })
      expect(r.status).toBe(201)
      expect(r.body.data).toMatch(/^B-02-\d{4}$/)
      const [p] = await parcelsWith(no)
      expect(p).toMatchObject({ express_no: no, storage_no: "B-02" })
      const two = unique("YT")
      expect((await checkIn(staff, { expressNo: `a,${two},tail` })).status).toBe(201)
      expect(await parcelsWith(`${two},tail`)).toHaveLength(1)
    })

    it("a duplicate express number at the same worksite is 409; another worksite may hold it; after pickup it may come back", async () => {
      const no = unique("SF")
      expect((await checkIn(staff, { expressNo: no })).status).toBe(201)
      const dup = await checkIn(staff, { expressNo: no, storageNo: "Z-09" })
      expect(dup.status).toBe(409)
      expect(dup.body).toEqual({ success: false, message: M.duplicate })
      const viaScan = await checkIn(staff, { expressNo: `X,${no}` })
      expect(viaScan.status).toBe(409)
      expect(await parcelsWith(no)).toHaveLength(1)

      const elsewhere = await checkIn(staffDy, { worksite: "ws-dongyuan", worksiteCode: "DY01", expressNo: no })
      expect(elsewhere.status).toBe(201)

      const id = await t.db.selectFrom("parcel").select("id").where("express_no", "=", no).where("worksite_id", "=", "ws-xiyuan").executeTakeFirstOrThrow()
      const view = await t.api("GET", `/api/expressTosend/getById/${id.id}`, student)
      const qr = JSON.parse(view.body.data.qrContent) as Qr
      expect((await t.api("PUT", "/api/expressTosend/takepart", staff, takePartBody(qr))).status).toBe(200)
      expect((await checkIn(staff, { expressNo: no })).status).toBe(201)
      expect(await parcelsWith(no)).toHaveLength(3)
    })

    describe("worksite boundaries: staff of ws-dongyuan", () => {
      it("cannot check in for ws-xiyuan (403)", async () => {
        const no = unique("SF")
        const r = await checkIn(staffDy, { expressNo: no, worksite: "ws-xiyuan" })
        expect(r.status).toBe(403)
        expect(r.body).toEqual({ success: false, message: M.otherWorksite })
        expect(await parcelsWith(no)).toHaveLength(0)
      })

      it("check in at their own station with its own carriers (EMS yes, ZTO no)", async () => {
        const ems = await checkIn(staffDy, { worksite: "ws-dongyuan", worksiteCode: "DY01", expressCompany: "ec-ems", expressNo: unique("EMS") })
        expect(ems.status).toBe(201)
        const zto = await checkIn(staffDy, { worksite: "ws-dongyuan", worksiteCode: "DY01", expressCompany: "ec-zto", expressNo: unique("ZT") })
        expect(zto.status).toBe(400)
        expect(zto.body.message).toBe(M.notServed)
      })

      it("cannot look up ws-xiyuan users (403)", async () => {
        const r = await t.api("GET", "/api/user/list/ws-xiyuan/0001", staffDy)
        expect(r.status).toBe(403)
        expect(r.body).toEqual({ success: false, message: M.otherWorksite })
      })

      it("cannot check the QR of a xiyuan parcel, nor take it away", async () => {
        const { id, qr } = await parcelForStudent()
        const check = await checkQr(staffDy, qr)
        expect([400, 404]).toContain(check.status)
        expect(check.body).toEqual({ success: false, message: M.qrInvalid })

        const withCode = await t.api("PUT", "/api/expressTosend/takepart", staffDy, takePartBody(qr))
        expect(withCode.status).toBe(403)
        expect(withCode.body.success).toBe(false)
        const { worksiteCode: _omit, ...withoutCode } = takePartBody(qr)
        const noCode = await t.api("PUT", "/api/expressTosend/takepart", staffDy, withoutCode)
        expect(noCode.status).toBe(404)
        expect(noCode.body.success).toBe(false)
        const dyCode = await t.api("PUT", "/api/expressTosend/takepart", staffDy, { ...withoutCode, worksiteCode: "DY01" })
        expect(dyCode.status).toBe(404)

        const row = await t.db.selectFrom("parcel").select("status").where("id", "=", id).executeTakeFirstOrThrow()
        expect(row.status).toBe(0)
        expect((await checkQr(staff, qr)).body.data.canTakeaway).toBe(true)
      })
    })

    describe("a caller without a bound employee gets '请先绑定后台操作用户' (403)", () => {
      it.each([["demo-student"], ["demo-runner"], ["demo-newstaff"]])("%s on every staff call", async (openid) => {
        const token = await t.token(openid)
        const { qr } = await parcelForStudent()
        const no = unique("SF")
        const calls = [
          t.api("POST", "/api/expressTosend", token, checkInPayload({ expressNo: no })),
          t.api("GET", "/api/user/list/ws-xiyuan/0001", token),
          checkQr(token, qr),
          t.api("PUT", "/api/expressTosend/takepart", token, takePartBody(qr)),
          t.api("GET", `/auth/employee/getByOpen/${openid}`, token)
        ]
        for (const r of await Promise.all(calls)) {
          expect(r.status).toBe(403)
          expect(r.body).toEqual({ success: false, message: M.notBound })
        }
        expect(await parcelsWith(no)).toHaveLength(0)
        expect((await checkQr(staff, qr)).body.data.canTakeaway).toBe(true)
      })
    })

    describe("the pickup QR", () => {
      it("the receiver's signed QR checks out: status, canTakeaway and the parcel's fields", async () => {
        const { qr, expressNo, code } = await parcelForStudent()
        expect(qr).toMatchObject({ en: expressNo, roid: "demo-student", rp: "13800000001" })
        const r = await checkQr(staff, qr)
        expect(r.status).toBe(200)
        expect(r.body.data).toMatchObject({
          statusStr: "待取件", canTakeaway: true, expressNo, storageNo: qr.sn, tag: qr.tag, receiverPhone: "13800000001",
          signOpenid: "demo-student", isPaotui: false
        })
        expect(`${r.body.data.storageNo}-${r.body.data.tag}`).toBe(code)
        const asText = await t.api("GET", `/api/expressTosend/checkqr?qr=${encodeURIComponent(JSON.stringify(qr))}`, staff)
        expect(asText.status).toBe(200)
        expect(asText.body.data.canTakeaway).toBe(true)
      })

      it.each([
        ["an edited tag", (q: Qr) => ({ ...q, tag: String(Number(q.tag) + 1).padStart(4, "0") })],
        ["an edited shelf", (q: Qr) => ({ ...q, sn: "Z-99" })],
        ["an edited phone", (q: Qr) => ({ ...q, rp: "13800009999" })],
        ["an edited receiver openid", (q: Qr) => ({ ...q, roid: "demo-runner" })],
        ["an edited issue time", (q: Qr) => ({ ...q, ts: Number(q.ts) + 1 })],
        ["a second holder added", (q: Qr) => ({ ...q, poid: "demo-runner" })],
        ["the holder moved to the runner field", (q: Qr) => { const { roid, ...rest } = q; return { ...rest, poid: roid! } }],
        ["a forged signature", (q: Qr) => ({ ...q, sig: "A".repeat(String(q.sig).length) })],
        ["no signature", (q: Qr) => { const { sig: _sig, ...rest } = q; return rest }],
        ["an empty signature", (q: Qr) => ({ ...q, sig: "" })]
      ])("%s → '二维码校验失败'", async (_label, edit) => {
        const { qr } = await parcelForStudent()
        const r = await checkQr(staff, edit(qr))
        expect(r.status).toBe(400)
        expect(r.body).toEqual({ success: false, message: M.qrInvalid })
      })

      it("a QR that is not JSON, or empty → '二维码校验失败'", async () => {
        for (const query of ["qr=not-json", "qr=%7B%7D", "qr=null", "", "ex=a&en=b"]) {
          const r = await t.api("GET", `/api/expressTosend/checkqr?${query}`, staff)
          expect(r.status, query).toBe(400)
          expect(r.body).toEqual({ success: false, message: M.qrInvalid })
        }
      })
    })

    describe("pickup", () => {
      it("takepart: 200 once, then 409; the QR then shows '已签收' and cannot be taken", async () => {
        const { id, qr } = await parcelForStudent()
        const first = await t.api("PUT", "/api/expressTosend/takepart", staff, takePartBody(qr))
        expect(first.status).toBe(200)
        expect(first.body).toMatchObject({ success: true, message: M.taken })
        const second = await t.api("PUT", "/api/expressTosend/takepart", staff, takePartBody(qr))
        expect(second.status).toBe(409)
        expect(second.body.success).toBe(false)
        expect(second.body.message).toEqual(expect.stringContaining("不能取件"))
        const after = await checkQr(staff, qr)
        expect(after.body.data).toMatchObject({ statusStr: "已签收", canTakeaway: false })
        const row = await t.db.selectFrom("parcel").selectAll().where("id", "=", id).executeTakeFirstOrThrow()
        expect(row).toMatchObject({ status: 100, sign_openid: "demo-student" })
      })

      it("without a scan → '请先扫一扫取件码' (400); a stranger's openid → 403 and the parcel stays", async () => {
        const { id, qr } = await parcelForStudent()
        const empty = await t.api("PUT", "/api/expressTosend/takepart", staff, {})
        expect(empty.status).toBe(400)
        expect(empty.body).toEqual({ success: false, message: M.scanFirst })
        const stranger = await t.api("PUT", "/api/expressTosend/takepart", staff, { ...takePartBody(qr), signOpenid: "demo-runner" })
        expect(stranger.status).toBe(403)
        expect(stranger.body.success).toBe(false)
        const asRunner = await t.api("PUT", "/api/expressTosend/takepart", staff, { ...takePartBody(qr), isPaotui: true })
        expect(asRunner.status).toBe(403)
        expect((await t.db.selectFrom("parcel").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe(0)
      })

      it("takepart needs the signed QR itself: the fields alone, a forged QR or another parcel's QR are refused", async () => {
        const { id, qr } = await parcelForStudent()
        const { qr: _scanned, ...fieldsOnly } = takePartBody(qr)
        const unscanned = await t.api("PUT", "/api/expressTosend/takepart", staff, fieldsOnly)
        expect(unscanned.status).toBe(400)
        expect(unscanned.body).toEqual({ success: false, message: M.scanFirst })
        const forged = await t.api("PUT", "/api/expressTosend/takepart", staff, { ...takePartBody(qr), qr: JSON.stringify({ ...qr, rp: "13800009999" }) })
        expect(forged.status).toBe(400)
        expect(forged.body).toEqual({ success: false, message: "二维码校验失败" })
        const notJson = await t.api("PUT", "/api/expressTosend/takepart", staff, { ...takePartBody(qr), qr: "not a qr" })
        expect(notJson.body).toEqual({ success: false, message: "二维码校验失败" })
        const other = await parcelForStudent()
        const otherQr = await t.api("PUT", "/api/expressTosend/takepart", staff, { ...takePartBody(qr), qr: JSON.stringify(other.qr) })
        expect(otherQr.status).toBe(400)
        expect((await t.db.selectFrom("parcel").select("status").where("id", "in", [id, other.id]).execute()).map((p) => p.status)).toEqual([0, 0])
      })
    })

    describe("the receiver's view", () => {
      it("getById of another user's parcel is 404, as is an unknown id", async () => {
        const { id } = await parcelForStudent()
        const theirs = await t.api("GET", `/api/expressTosend/getById/${id}`, runner)
        expect(theirs.status).toBe(404)
        expect(theirs.body.success).toBe(false)
        expect(theirs.body.message).toEqual(expect.any(String))
        expect(JSON.stringify(theirs.body)).not.toContain("qr")
        const byStaff = await t.api("GET", `/api/expressTosend/getById/${id}`, staff)
        expect(byStaff.status).toBe(404)
        const unknown = await t.api("GET", "/api/expressTosend/getById/00000000-0000-0000-0000-000000000000", student)
        expect(unknown.status).toBe(404)
      })

      it("the receiver gets the parcel with its QR image", async () => {
        const { id, expressNo } = await parcelForStudent()
        const r = await t.api("GET", `/api/expressTosend/getById/${id}`, student)
        expect(r.body.data).toMatchObject({ _id: id, status: 0, statusStr: "待取件", expressNo, safekeepFee: 0 })
        expect(r.body.data.qrimgBase64).toMatch(/^data:image\/png;base64,/)
      })
    })

    describe("receiver lookup by the last 4 digits", () => {
      it("finds the worksite's users by main or second phone, with the spec's fields", async () => {
        const r = await t.api("GET", "/api/user/list/ws-xiyuan/0001", staff)
        expect(r.status).toBe(200)
        const student = r.body.data.find((u: { _id: string }) => u._id === "u-student")
        expect(student).toEqual({
          _id: "u-student", phoneMain: "13800000001", phoneVice: null, realname: "李明", nickname: "李明", openid: "demo-student", subscribe: true
        })

        const digits = uniquePhone()
        const last4 = digits.slice(-4)
        const here = await newUser(t.db, {}, { phone: digits, worksite: "ws-xiyuan" })
        const there = await newUser(t.db, {}, { phone: `136${digits.slice(3)}`, worksite: "ws-dongyuan" })
        const vice = await newUser(t.db, {}, { phone: "13511112222", worksite: "ws-xiyuan" })
        await t.db.updateTable("app_user").set({ phone_vice: `137${digits.slice(3)}` }).where("id", "=", vice.id).execute()
        const found = await t.api("GET", `/api/user/list/ws-xiyuan/${last4}`, staff)
        const ids = found.body.data.map((u: { _id: string }) => u._id)
        expect(ids).toEqual(expect.arrayContaining([here.id, vice.id]))
        expect(ids).not.toContain(there.id)
        const dy = await t.api("GET", `/api/user/list/ws-dongyuan/${last4}`, staffDy)
        expect(dy.body.data.map((u: { _id: string }) => u._id)).toEqual(expect.arrayContaining([there.id]))
      })

      it("no match → an empty list with the spec's hint; a malformed suffix → 400", async () => {
        let last4 = "4321"
        for (let i = 0; i < 50; i++) {
          const n = await t.db.selectFrom("app_user").select("id").where("worksite_id", "=", "ws-xiyuan")
            .where((eb) => eb.or([eb("phone_main", "like", `%${last4}`), eb("phone_vice", "like", `%${last4}`)])).execute()
          if (n.length === 0) break
          last4 = String((Number(last4) + 1117) % 10_000).padStart(4, "0")
        }
        const none = await t.api("GET", `/api/user/list/ws-xiyuan/${last4}`, staff)
        expect(none.status).toBe(200)
        expect(none.body).toMatchObject({ success: true, data: [], message: M.noMatch })
        for (const bad of ["abc", "123", "12345", "%20%20%20%20"]) {
          const r = await t.api("GET", `/api/user/list/ws-xiyuan/${bad}`, staff)
          expect(r.status, bad).toBe(400)
          expect(r.body).toEqual({ success: false, message: M.phoneWrong })
        }
      })
    })

    describe("the SMS outbox", () => {
      it("a xiyuan check-in (smsAble) writes one outbox row that the worker sends; dongyuan writes none", async () => {
        const xyPhone = uniquePhone()
        const dyPhone = uniquePhone()
        const xy = await checkIn(staff, { receiverPhone: xyPhone })
        expect(xy.status).toBe(201)
        const dy = await checkIn(staffDy, { worksite: "ws-dongyuan", worksiteCode: "DY01", receiverPhone: dyPhone })
        expect(dy.status).toBe(201)
        const rows = await t.db.selectFrom("outbox").selectAll().where("recipient", "in", [xyPhone, dyPhone]).execute()
        expect(rows).toHaveLength(1)
        expect(rows[0]).toMatchObject({ channel: "sms", recipient: xyPhone, template: "parcelArrived" })
        expect(rows[0]!.params).toMatchObject({ code: xy.body.data, site: "西园驿站" })

        const deadline = Date.now() + 10_000
        while (Date.now() < deadline && !t.runtime.sms.sent.some((s) => s.to === xyPhone)) await new Promise((r) => setTimeout(r, 100))
        const sent = t.runtime.sms.sent.filter((s) => s.to === xyPhone || s.to === dyPhone)
        expect(sent).toHaveLength(1)
        expect(sent[0]!.text).toContain(xy.body.data)
      })

      it("a refused check-in writes no outbox row", async () => {
        const phone = uniquePhone()
        const r = await checkIn(staff, { receiverPhone: phone, weight: "wf-9" })
        expect(r.status).toBe(400)
        expect(await t.db.selectFrom("outbox").select("id").where("recipient", "=", phone).execute()).toHaveLength(0)
      })
    })

    describe("Idempotency-Key on POST /api/expressTosend", () => {
      it("a repeat creates one parcel and replays the same code; another body with the key is 422", async () => {
        const no = unique("SF")
        const key = `ci-${no}`
        const first = await checkIn(staff, { expressNo: no }, { "Idempotency-Key": key })
        expect(first.status).toBe(201)
        const again = await checkIn(staff, { expressNo: no }, { "Idempotency-Key": key })
        expect(again.status).toBe(201)
        expect(again.headers.get("idempotent-replayed")).toBe("true")
        expect(again.body).toEqual(first.body)
        expect(await parcelsWith(no)).toHaveLength(1)
        const other = await checkIn(staff, { expressNo: unique("SF") }, { "Idempotency-Key": key })
        expect(other.status).toBe(422)
        expect(other.body.success).toBe(false)
        expect(await parcelsWith(no)).toHaveLength(1)
        // without the key the same body is a plain duplicate
        expect((await checkIn(staff, { expressNo: no })).status).toBe(409)
      })
    })

    it("carriers and weight types", async () => {
      const companies = await t.api("GET", "/api/expressCompany/list?_id=ec-sf,ec-zto", staff)
      expect(companies.body.data).toEqual([{ _id: "ec-sf", name: "顺丰速运" }, { _id: "ec-zto", name: "中通快递" }])
      const weights = await t.api("GET", "/api/dict/detail/weightFeeType", staff)
      expect(weights.body.data.values.map((w: { _id: string }) => w._id)).toEqual(["wf-1", "wf-2", "wf-3", "wf-4"])
    })
  })
}
