/**
 * The receiver's parcels over HTTP: the list's tabs, the code hidden while a fee is unpaid, proxy
 * pickup (find a friend, choose, refuse, cancel, the friend's own QR), self-sign, the cabinet door,
 * who may see and act on which parcel, bad input, and choose-agent racing a pickup.
 * Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, checkInPayload, newUser, startTestApp, unique, uniquePhone, type TestApp, type TestUser } from "../support/test-app"

type Qr = Record<string, string | number>

for (const backend of backends) {
  describe(`the receiver's parcels over HTTP [${backend}]`, () => {
    let t: TestApp
    let staff: string
    let student: string
    let friend: TestUser
    let friendToken: string
    let stranger: TestUser
    let strangerToken: string

    beforeAll(async () => {
      t = await startTestApp(backend)
      ;[staff, student] = await Promise.all([t.token("demo-staff"), t.token("demo-student")])
      friend = await newUser(t.db, {}, { realname: "王小明" })
      stranger = await newUser(t.db, {}, { realname: "赵六" })
      ;[friendToken, strangerToken] = await Promise.all([t.token(friend.openid), t.token(stranger.openid)])
    })
    afterAll(async () => {
      await t?.close()
    })

    /** A parcel checked in at xiyuan for demo-student (13800000001). */
    const parcelForStudent = async (phone = "13800000001") => {
      const expressNo = unique("SF")
      const r = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ expressNo, receiverPhone: phone }))
      expect(r.status).toBe(201)
      const row = await t.db.selectFrom("parcel").select("id").where("express_no", "=", expressNo).executeTakeFirstOrThrow()
      return { id: row.id, expressNo, code: r.body.data as string }
    }
    const list = async (token: string, tab: string, pageNo = 1) => {
      const r = await t.api("GET", `/api/expressTosend/pagingForFontend?statusStr=${tab}&pageNo=${pageNo}`, token)
      expect(r.status).toBe(200)
      return r.body.data as { pageCount: number; recordCount: number; pageNumber: number; results: Array<Record<string, any>> }
    }
    const inList = async (token: string, tab: string, id: string) => (await list(token, tab)).results.find((p) => p._id === id)
    const view = (token: string, id: string) => t.api("GET", `/api/expressTosend/getById/${id}`, token)
    const choose = (token: string, toTakeId: string, agentPhone: string) =>
      t.api("PUT", "/api/expressTosend/proxy/updateAgent", token, { toTakeId, agentPhone, agentId: "ignored", agentOpenid: "ignored", agent: "x" })
    const takePart = (qr: Qr, signOpenid: string) =>
      t.api("PUT", "/api/expressTosend/takepart", staff, {
        worksiteCode: "XY01", expressNo: qr.en, storageNo: qr.sn, signOpenid, tag: qr.tag, isPaotui: false, qr: JSON.stringify(qr)
      })
    const statusOf = async (id: string) => (await t.db.selectFrom("parcel").select(["status", "agent_id"]).where("id", "=", id).executeTakeFirstOrThrow())

    it("the list's tabs: a new parcel under 待取件 with its code, then under 已签收 once taken; pages as pagingForFontend", async () => {
      const p = await parcelForStudent()
      const ing = await list(student, "ing")
      expect(ing).toMatchObject({ pageNumber: 1, pageCount: expect.any(Number), recordCount: expect.any(Number) })
      const item = ing.results.find((r) => r._id === p.id)
      expect(item).toMatchObject({ status: 0, statusStr: "待取件", isAgent: false, safekeepNeedPay: false, type: 0 })
      expect(`${item!.storageNo}-${item!.tag}`).toBe(p.code)
      expect(await inList(student, "complete", p.id)).toBeUndefined()
      const qr = JSON.parse((await view(student, p.id)).body.data.qrContent) as Qr
      expect((await takePart(qr, qr.roid as string)).status).toBe(200)
      expect(await inList(student, "ing", p.id)).toBeUndefined()
      expect(await inList(student, "complete", p.id)).toMatchObject({ status: 100, statusStr: "已签收" })
      const after = (await view(student, p.id)).body.data
      expect(after).toMatchObject({ status: 100, qrContent: "", qrimgBase64: "", storageNo: "-" })
    })

    it("5 and 6 (a runner has it, delivered) stay under 待取件; 300 and 400 under 待退送 and 已退送", async () => {
      const ids = await Promise.all([5, 6, 300, 400].map(async () => (await parcelForStudent()).id))
      await Promise.all([5, 6, 300, 400].map((status, i) => t.db.updateTable("parcel").set({ status }).where("id", "=", ids[i]!).execute()))
      expect(await inList(student, "ing", ids[0]!)).toMatchObject({ status: 5 })
      expect(await inList(student, "ing", ids[1]!)).toMatchObject({ status: 6 })
      expect(await inList(student, "complete", ids[0]!)).toBeUndefined()
      expect(await inList(student, "toreturn", ids[2]!)).toMatchObject({ status: 300 })
      expect(await inList(student, "returned", ids[3]!)).toMatchObject({ status: 400 })
    })

    it("never shows a pickup code while a safekeeping fee is unpaid: the fee state instead", async () => {
      const p = await parcelForStudent()
      await t.db.updateTable("parcel").set({ created_at: new Date(Date.now() - 100 * 3_600_000) }).where("id", "=", p.id).execute()
      const item = await inList(student, "ing", p.id)
      expect(item).toMatchObject({ storageNo: "-", tag: "-", statusStr: "待支付保管费", safekeepNeedPay: true, safekeepFee: 150 })
      expect(JSON.stringify(item)).not.toContain(p.code)
      const one = (await view(student, p.id)).body.data
      expect(one).toMatchObject({ storageNo: "-", tag: "-", qrContent: "", qrimgBase64: "", safekeepNeedPay: true })
      expect(JSON.stringify(one)).not.toContain(p.code)
    })

    it("a student never sees or acts on another's parcel", async () => {
      const p = await parcelForStudent()
      expect(await inList(strangerToken, "ing", p.id)).toBeUndefined()
      const notFound = { success: false, message: "快递不存在" }
      expect(await view(strangerToken, p.id)).toMatchObject({ status: 404, body: notFound })
      expect(await choose(strangerToken, p.id, friend.phone)).toMatchObject({ status: 404, body: notFound })
      expect(await t.api("PUT", `/api/expressTosend/takepartBySelf/${p.id}`, strangerToken)).toMatchObject({ status: 404, body: notFound })
      expect(await t.api("PUT", `/api/expressTosend/proxy/cancelAgent/${p.id}`, strangerToken)).toMatchObject({ status: 404, body: notFound })
      expect(await t.api("PUT", `/api/expressTosend/proxy/refuseAgent/${p.id}`, strangerToken)).toMatchObject({ status: 404, body: notFound })
      expect(await t.api("GET", `/api/box/openFromWX/${p.id}`, strangerToken)).toMatchObject({ status: 404, body: notFound })
      expect((await statusOf(p.id)).status).toBe(0)
    })

    it("finds a friend by phone with only a masked name, never their id, openid or wallet", async () => {
      const r = await t.api("GET", `/api/user/wxuserInfo/${friend.phone}`, student)
      expect(r).toMatchObject({ status: 200, body: { success: true, data: { name: "王**", phone: friend.phone } } })
      const text = JSON.stringify(r.body)
      for (const secret of [friend.id, friend.openid, "money", "王小明"]) expect(text).not.toContain(secret)
      expect(await t.api("GET", "/api/user/wxuserInfo/1380000", student)).toMatchObject({ status: 400, body: { message: "请输入正确的手机号码" } })
      expect(await t.api("GET", `/api/user/wxuserInfo/${uniquePhone()}`, student)).toMatchObject({ status: 404, body: { message: "没有找到该手机号的用户" } })
      expect(await t.api("GET", "/api/user/wxuserInfo/13800000001", student)).toMatchObject({ status: 400, body: { message: "不能选择自己代取" } })
    })

    it("proxy pickup: the friend sees the parcel marked as theirs to pick up, with their own QR (aoid), and staff hand it to them", async () => {
      const p = await parcelForStudent()
      const chosen = await choose(student, p.id, friend.phone)
      expect(chosen).toMatchObject({ status: 200, body: { success: true, message: "操作成功", data: { _id: p.id, status: 1 } } })
      expect(await statusOf(p.id)).toEqual({ status: 1, agent_id: friend.id })
      expect(await inList(student, "ing", p.id)).toMatchObject({ status: 1, statusStr: "好友代取", isAgent: false, agent: "王**" })
      const theirs = await inList(friendToken, "ing", p.id)
      expect(theirs).toMatchObject({ status: 1, isAgent: true, agent: null, receiverPhone: "138****0001" })
      const friendView = (await view(friendToken, p.id)).body.data
      const qr = JSON.parse(friendView.qrContent) as Qr
      expect(qr).toMatchObject({ aoid: friend.openid })
      expect(qr.roid).toBeUndefined()
      // another user, even one holding the friend's QR, cannot use it
      expect(await view(strangerToken, p.id)).toMatchObject({ status: 404 })
      expect((await takePart(qr, stranger.openid)).status).toBe(403)
      expect(await takePart(qr, friend.openid)).toMatchObject({ status: 200, body: { message: "确认取件成功" } })
      expect((await statusOf(p.id)).status).toBe(100)
      expect(await inList(friendToken, "complete", p.id)).toMatchObject({ isAgent: true })
    })

    it("an agent acts only on the parcel they were chosen for; refuse (by the friend) and cancel (by the receiver) put it back to 0", async () => {
      const [a, b] = [await parcelForStudent(), await parcelForStudent()]
      expect((await choose(student, a.id, friend.phone)).status).toBe(200)
      // the friend was chosen for a, not b
      expect(await view(friendToken, b.id)).toMatchObject({ status: 404 })
      expect((await t.api("PUT", `/api/expressTosend/proxy/refuseAgent/${b.id}`, friendToken)).status).toBe(404)
      expect((await t.api("PUT", `/api/expressTosend/takepartBySelf/${a.id}`, friendToken)).status).toBe(404)
      expect((await t.api("PUT", `/api/expressTosend/proxy/cancelAgent/${a.id}`, friendToken)).status).toBe(404)
      expect((await t.api("PUT", `/api/expressTosend/proxy/refuseAgent/${a.id}`, student)).status).toBe(404)
      // a second choice while one is pending is refused
      expect(await choose(student, a.id, stranger.phone)).toMatchObject({ status: 409 })
      expect(await t.api("PUT", `/api/expressTosend/proxy/refuseAgent/${a.id}`, friendToken)).toMatchObject({ status: 200, body: { message: "拒绝代取成功" } })
      expect(await statusOf(a.id)).toEqual({ status: 0, agent_id: null })
      expect(await view(friendToken, a.id)).toMatchObject({ status: 404 })
      expect(await inList(friendToken, "ing", a.id)).toBeUndefined()
      expect((await choose(student, a.id, friend.phone)).status).toBe(200)
      expect(await t.api("PUT", `/api/expressTosend/proxy/cancelAgent/${a.id}`, student)).toMatchObject({ status: 200, body: { message: "取消代取成功" } })
      expect(await statusOf(a.id)).toEqual({ status: 0, agent_id: null })
      expect((await t.api("PUT", `/api/expressTosend/proxy/cancelAgent/${a.id}`, student)).status).toBe(409)
    })

    it("self-sign only where the worksite allows it, once", async () => {
      const p = await parcelForStudent()
      await t.db.updateTable("worksite").set({ self_sign_able: false }).where("id", "=", "ws-xiyuan").execute()
      expect(await t.api("PUT", `/api/expressTosend/takepartBySelf/${p.id}`, student)).toMatchObject({ status: 409, body: { message: "本网点暂未开通自助签收" } })
      expect((await view(student, p.id)).body.data.selfSignAble).toBe(false)
      await t.db.updateTable("worksite").set({ self_sign_able: true }).where("id", "=", "ws-xiyuan").execute()
      expect((await view(student, p.id)).body.data.selfSignAble).toBe(true)
      expect(await t.api("PUT", `/api/expressTosend/takepartBySelf/${p.id}`, student)).toMatchObject({ status: 200, body: { message: "签收成功", data: { status: 100 } } })
      expect(await t.api("PUT", `/api/expressTosend/takepartBySelf/${p.id}`, student)).toMatchObject({ status: 409, body: { message: "已签收状态的快递不能签收" } })
    })

    it("a cabinet parcel's door opens for its receiver once, through the locker; a door that fails leaves the parcel as it was", async () => {
      const [p, q] = [await parcelForStudent(), await parcelForStudent()]
      await t.db.updateTable("parcel").set({ type: 2, device_address: "XY-CAB-1", box_door: "A03" }).where("id", "=", p.id).execute()
      await t.db.updateTable("parcel").set({ type: 3, device_address: "XY-CAB-1", box_door: "B07" }).where("id", "=", q.id).execute()
      const shelf = await parcelForStudent()
      expect(await t.api("GET", `/api/box/openFromWX/${shelf.id}`, student)).toMatchObject({ status: 409, body: { message: "该快递不在快递柜中" } })
      t.runtime.locker.jam("XY-CAB-1", "B07")
      const before = t.runtime.locker.openings.length
      expect(await t.api("GET", `/api/box/openFromWX/${q.id}`, student)).toMatchObject({ status: 409, body: { message: "开箱失败，请联系驿站工作人员" } })
      expect((await statusOf(q.id)).status).toBe(0)
      t.runtime.locker.jam("XY-CAB-1", "B07", false)
      expect(await t.api("GET", `/api/box/openFromWX/${p.id}`, student)).toMatchObject({ status: 200, body: { data: { status: 100, door: "A03" } } })
      expect(t.runtime.locker.openings.slice(before).map((o) => [o.device, o.door, o.parcelId])).toEqual([["XY-CAB-1", "A03", p.id]])
      expect(await t.api("GET", `/api/box/openFromWX/${p.id}`, student)).toMatchObject({ status: 409, body: { message: "柜门已打开过，请联系驿站工作人员" } })
      expect(t.runtime.locker.openings.length).toBe(before + 1)
      expect(await t.api("PUT", `/api/expressTosend/takepartBySelf/${q.id}`, student)).toMatchObject({ status: 409, body: { message: "柜机快递请扫码或远程开箱取件" } })
    })

    it("the list header: the caller's worksite rules and how many parcels wait for them", async () => {
      const r = await t.api("GET", "/api/user/wxuserInfoForTotakeList", friendToken)
      expect(r).toMatchObject({ status: 200, body: { data: { worksite: "ws-xiyuan", worksiteName: "西园驿站", servicePhone: "020-84110001", selfSignAble: true, paotuiAble: true, toTakeCount: expect.any(Number) } } })
      expect(JSON.stringify(r.body)).not.toContain(friend.id)
    })

    it("bad input on every new call: the spec's message or a clear 4xx, never a 500", async () => {
      const p = await parcelForStudent()
      const long = "x".repeat(5000)
      const cases: Array<[string, string, unknown]> = [
        ["GET", "/api/expressTosend/pagingForFontend?statusStr=nope", undefined],
        ["GET", `/api/expressTosend/getById/${long}`, undefined],
        ["GET", "/api/expressTosend/getById/%E0%A4%A", undefined],
        ["GET", `/api/user/wxuserInfo/${long}`, undefined],
        ["GET", "/api/user/wxuserInfo/%27%20or%201=1", undefined],
        ["PUT", "/api/expressTosend/proxy/updateAgent", {}],
        ["PUT", "/api/expressTosend/proxy/updateAgent", { toTakeId: p.id }],
        ["PUT", "/api/expressTosend/proxy/updateAgent", { toTakeId: p.id, agentPhone: 13800000001 }],
        ["PUT", "/api/expressTosend/proxy/updateAgent", { toTakeId: [p.id], agentPhone: friend.phone }],
        ["PUT", "/api/expressTosend/proxy/updateAgent", { toTakeId: "nope", agentPhone: friend.phone }],
        ["PUT", "/api/expressTosend/proxy/updateAgent", "[1,2]"],
        ["PUT", "/api/expressTosend/proxy/refuseAgent/nope", undefined],
        ["PUT", "/api/expressTosend/proxy/cancelAgent/nope", undefined],
        ["PUT", `/api/expressTosend/takepartBySelf/${long}`, undefined],
        ["GET", "/api/box/openFromWX/nope", undefined],
        ["GET", "/api/box/openFromWX/%00", undefined]
      ]
      for (const [method, path, body] of cases) {
        const r = await t.api(method, path, student, body)
        expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400)
        expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500)
        expect(r.body).toMatchObject({ success: false, message: expect.any(String) })
      }
      expect((await t.api("PUT", "/api/expressTosend/proxy/updateAgent", student, { toTakeId: p.id })).body.message).toBe("请先根据手机号查找您的朋友")
      expect((await t.api("GET", "/api/expressTosend/pagingForFontend?statusStr=ing")).status).toBe(401)
      // a page number that is not one reads as page 1
      expect((await list(student, "ing", -4 as number)).pageNumber).toBe(1)
      expect((await statusOf(p.id)).status).toBe(0)
    })

    it("pages with the answer's nextCursor: the next page, no row twice; a bad cursor is a 400 asking to reload, on every keyset list", async () => {
      const lister = await newUser(t.db)
      const token = await t.token(lister.openid)
      await Promise.all(Array.from({ length: 23 }, () => parcelForStudent(lister.phone)))
      const first = await list(token, "ing")
      expect(first).toMatchObject({ pageNumber: 1, pageCount: 2, recordCount: 23, nextCursor: expect.any(String) })
      const r = await t.api("GET", `/api/expressTosend/pagingForFontend?statusStr=ing&cursor=${encodeURIComponent((first as any).nextCursor)}`, token)
      expect(r.status).toBe(200)
      expect(r.body.data).toMatchObject({ pageNumber: 2, pageCount: 2, recordCount: 23 })
      expect(r.body.data.nextCursor).toBeUndefined()
      const ids = [...first.results, ...r.body.data.results].map((p: Record<string, any>) => p._id)
      expect(new Set(ids).size).toBe(23)
      const bad = ["x", "bm90IGEgY3Vyc29y", Buffer.from(JSON.stringify([1, 0, "2030-01-01", "a"])).toString("base64url")]
      for (const path of ["/api/expressTosend/pagingForFontend?statusStr=ing&", "/api/money/wxlist/0?", "/api/takecash/wxlist?", "/api/creditscore/wxlist?", "/api/paotuiOrder/pagingForFontend?statusStr=ing&type=1&"]) {
        for (const cursor of bad) {
          const answer = await t.api("GET", `${path}cursor=${cursor}`, token)
          expect(answer, `${path} ${cursor}`).toMatchObject({ status: 400, body: { success: false, message: "分页参数无效，请刷新列表" } })
        }
      }
    })

    it("friend lookups are rate limited per caller", async () => {
      const looker = await newUser(t.db)
      const token = await t.token(looker.openid)
      const answers = []
      for (let i = 0; i < 12; i++) answers.push((await t.api("GET", `/api/user/wxuserInfo/${friend.phone}`, token)).status)
      expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true)
      expect(answers.slice(10)).toEqual([429, 429])
      // another caller is not held back
      expect((await t.api("GET", `/api/user/wxuserInfo/${friend.phone}`, strangerToken)).status).toBe(200)
    })

    it("choosing an agent cannot race a pickup: concurrent choose and pickup leave one consistent outcome", async () => {
      const outcomes = new Set<string>()
      for (let round = 0; round < 8; round++) {
        const p = await parcelForStudent()
        const qr = JSON.parse((await view(student, p.id)).body.data.qrContent) as Qr
        const [chosen, taken] = await Promise.all([choose(student, p.id, friend.phone), takePart(qr, qr.roid as string)])
        const row = await statusOf(p.id)
        expect([chosen.status, taken.status].some((s) => s === 200)).toBe(true)
        if (taken.status === 200) expect(row.status).toBe(100)
        else expect(row).toEqual({ status: 1, agent_id: friend.id })
        if (chosen.status !== 200) expect(row.agent_id).toBeNull()
        for (const r of [chosen, taken]) expect([200, 409]).toContain(r.status)
        outcomes.add(`${chosen.status}/${taken.status}`)
      }
      expect(outcomes.size).toBeGreaterThanOrEqual(1)
    })

    it("two concurrent choices of a friend: exactly one wins, and the parcel names that one", async () => {
      for (let round = 0; round < 5; round++) {
        const p = await parcelForStudent()
        const answers = await Promise.all([choose(student, p.id, friend.phone), choose(student, p.id, stranger.phone)])
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
        const winner = answers[0]!.status === 200 ? friend : stranger
        expect(await statusOf(p.id)).toEqual({ status: 1, agent_id: winner.id })
      }
    })
  })
}
