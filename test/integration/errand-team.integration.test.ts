/**
 * The errand team over HTTP on PGlite: rating once with the credit record, the tip paid through the pay-in
 * port and credited to the runner once, transfers inside and outside the team, building leaders, and the
 * runner's day exported as a real .xlsx behind a short-lived signed link.
 */
import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { readSheet } from "#adapters/sheets/sheet.testkit"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { exportLinks } from "#adapters/http/routes/errand-team"
import { purposeBooks } from "#adapters/payments/books"
import { errandStore } from "#adapters/postgres/stores/errand-store"
import type { ErrandOrderRecord } from "#src/errand/errand-store"
import { EXPORT_COLUMNS } from "#src/errand/export"
import { storageCode } from "#src/parcel/storage-code"
import { reconcile } from "#src/payment/reconcile"
import {
  backends, checkInPayload, describeOnPostgres, ledgerMismatches, newUser, shanghaiNoonClock, startTestApp, uniquePhone, type Backend, type TestApp, type TestUser
} from "../support/test-app"

let t: TestApp
let staff: string

const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e)

/** A joined runner of xiyuan, a leader of their own team or a member of `leader`'s. */
const runner = async (opts: { leader?: TestUser; leads?: boolean; worksite?: string; name?: string } = {}) => {
  const u = await newUser(t.db, {}, { role: "runner", worksite: opts.worksite ?? "ws-xiyuan", realname: opts.name ?? "跑腿员" })
  await t.db.updateTable("app_user").set({
    auth_status: 1, paotui_status: 1, is_paotui_leader: opts.leads ?? false, paotui_leader: opts.leader?.id ?? null, invitation: opts.leads ? `INV${u.id.slice(-6)}` : null
  }).where("id", "=", u.id).execute()
  return { ...u, token: await t.token(u.openid) }
}

const order = (over: Partial<ErrandOrderRecord>): ErrandOrderRecord => {
  const now = new Date()
  return {
    id: `eo-${randomUUID()}`, orderNo: `P${Date.now()}${Math.random().toString(36).slice(2, 8)}`, type: 1, status: 1, openid: "demo-student", worksiteId: "ws-xiyuan",
    accept: null, payFee: 400, paid: 400, refunded: 0, runnerIncome: 0, freight: null, freightPaid: 0, goodsPic: null, createdAt: now,
    requireArriveTime: new Date(now.getTime() + 3_600_000), toComment: false, sexLimit: -1, goodsClass: 1, specialGoodId: null, buildingId: null, floor: 3,
    dormRoom: "301", proxyReceiver: null, proxyReceiverPhone: null, remark: "", toTakeId: null, fee: 500, activityId: null, prepayId: null,
    acceptedAt: now, finishedAt: null, ...over
  }
}

const insert = async (o: ErrandOrderRecord) => { await run(errandStore(t.db).insert(o)); return o }

/** A completed order of `requester`, delivered by `r`, waiting for its rating. */
const completed = async (requester: TestUser, r: TestUser & { phone: string }) =>
  insert(order({ status: 100, openid: requester.openid, accept: { openid: r.openid, name: "跑腿员", phone: r.phone }, runnerIncome: 400, toComment: true, finishedAt: new Date() }))

const credit = async (userId: string) => (await t.db.selectFrom("app_user").select("credit_score").where("id", "=", userId).executeTakeFirstOrThrow()).credit_score
const money = async (userId: string) => (await t.db.selectFrom("wallet").select("money").where("user_id", "=", userId).executeTakeFirstOrThrow()).money

const app = (backend: Backend) => {
  beforeAll(async () => {
    t = await startTestApp(backend, { clock: shanghaiNoonClock() })
    staff = await t.token("demo-staff")
  })
  afterAll(async () => { await t?.close() })
}

for (const backend of backends) {
  describe(`errand team [${backend}]`, () => {
    app(backend)

    describe("rating and tipping an errand", () => {
      it("rates once: stars and tags are checked, the runner's credit moves with its record, a second rating is refused", async () => {
        const requester = await newUser(t.db)
        const token = await t.token(requester.openid)
        const r = await runner({ leads: true })
        await t.db.updateTable("app_user").set({ credit_score: 90 }).where("id", "=", r.id).execute()
        const o = await completed(requester, r)
        const rate = (body: Record<string, unknown>, who = token) =>
          t.api("PUT", "/api/paotuiOrder/comment/update", who, { paotuiId: o.id, acceptOpenid: r.openid, rewardMoney: 999, ...body })

        expect((await rate({ score: 0, tags: [1] })).body).toMatchObject({ success: false, message: "请为本次跑腿打分，一颗星起步哦" })
        expect((await rate({ score: 5, tags: [] })).body).toMatchObject({ success: false, message: "请选择本次服务标签" })
        expect((await rate({ score: 5, tags: [1, 2] })).status).toBe(400)
        expect((await rate({ score: 5, tags: [3, 4] })).body.message).toBe("请选择本次服务标签")
        const stranger = await t.token((await newUser(t.db)).openid)
        expect((await rate({ score: 1, tags: [2] }, stranger)).status).toBe(403)
        expect((await rate({ score: 1, tags: [2], acceptOpenid: "someone-else" })).status).toBe(403)

        const ok = await rate({ score: 1, tags: [2, 4] })
        expect(ok.status, JSON.stringify(ok.body)).toBe(200)
        expect(ok.body).toMatchObject({ success: true, message: "评论成功" })
        expect(await credit(r.id)).toBe(87)
        const comment = await t.db.selectFrom("errand_comment").selectAll().where("order_id", "=", o.id).executeTakeFirstOrThrow()
        expect(comment).toMatchObject({ score: 1, accept_openid: r.openid, reward_money: 0 })
        const records = await t.db.selectFrom("credit_record").selectAll().where("user_id", "=", r.id).execute()
        expect(records).toEqual([expect.objectContaining({ order_id: o.id, type: 2, score: -3, remark: "跑腿服务获得1星评价" })])

        const again = await rate({ score: 5, tags: [1, 3] })
        expect(again.status).toBe(409)
        expect(again.body).toMatchObject({ success: false, message: "该跑腿单已评价过了" })
        expect(await credit(r.id)).toBe(87)

        const list = await t.api("GET", "/api/creditscore/wxlist", r.token)
        expect(list.status).toBe(200)
        expect(list.body.data).toMatchObject({ recordCount: 1, results: [{ type: 2, score: -3, remark: "跑腿服务获得1星评价" }] })
      })

      it("five stars add 2 up to 100, 3–4 stars leave the score (and write no record)", async () => {
        const requester = await newUser(t.db)
        const token = await t.token(requester.openid)
        const r = await runner()
        await t.db.updateTable("app_user").set({ credit_score: 99 }).where("id", "=", r.id).execute()
        const [a, b] = [await completed(requester, r), await completed(requester, r)]
        expect((await t.api("PUT", "/api/paotuiOrder/comment/update", token, { paotuiId: a.id, acceptOpenid: r.openid, score: 4, tags: [1] })).status).toBe(200)
        expect(await credit(r.id)).toBe(99)
        expect((await t.api("PUT", "/api/paotuiOrder/comment/update", token, { paotuiId: b.id, acceptOpenid: r.openid, score: 5, tags: ["1", "3"] })).status).toBe(200)
        expect(await credit(r.id)).toBe(100)
        const records = await t.db.selectFrom("credit_record").selectAll().where("user_id", "=", r.id).execute()
        expect(records.map((x) => [x.type, x.score])).toEqual([[1, 1]])
      })

      it("a tip is priced from the URL, paid through the pay-in port, credited to the runner once with a ledger row, and kept on the rating", async () => {
        const requester = await newUser(t.db)
        const token = await t.token(requester.openid)
        const r = await runner()
        const o = await completed(requester, r)
        const before = await money(r.id)

        expect((await t.api("GET", `/api/paotuiOrder/reward/${o.id}/0`, token)).body).toMatchObject({ success: false, message: "赏金必须>=0" })
        expect((await t.api("GET", `/api/paotuiOrder/reward/${o.id}/20001`, token)).body).toMatchObject({ success: false, message: "赏金不能超过200元" })
        expect((await t.api("GET", `/api/paotuiOrder/reward/${o.id}/abc`, token)).status).toBe(400)
        const stranger = await t.token((await newUser(t.db)).openid)
        expect((await t.api("GET", `/api/paotuiOrder/reward/${o.id}/200`, stranger)).status).toBe(403)

        const prepay = await t.api("GET", `/api/paotuiOrder/reward/${o.id}/200`, token)
        expect(prepay.status, JSON.stringify(prepay.body)).toBe(200)
        const prepayId = prepay.body.data.prepayId as string
        const trade = await t.db.selectFrom("pay_trade").selectAll().where("prepay_id", "=", prepayId).executeTakeFirstOrThrow()
        expect(trade).toMatchObject({ kind: "tip", ref_id: o.id, user_id: requester.id, amount_fen: 200, status: "created" })
        const sign = await t.api("GET", `/api/wx/paysign?package=${encodeURIComponent(`prepay_id=${prepayId}`)}`, token)
        expect(sign.status).toBe(200)
        expect((await t.api("POST", "/auth/dev/pay", undefined, sign.body.data)).status).toBe(200)
        expect(await money(r.id)).toBe(before + 200)
        // the provider repeats its notice: nothing is credited twice
        const again = await t.api("POST", "/api/wx/payNotify", undefined, await t.runtime.paymentProvider.notification(prepayId))
        expect(again.body).toMatchObject({ data: { settled: false } })
        expect(await money(r.id)).toBe(before + 200)
        const rows = await t.db.selectFrom("ledger").selectAll().where("ref_id", "=", trade.trade_no).execute()
        expect(rows).toEqual([expect.objectContaining({ user_id: r.id, type: 1, money: 200, ref_type: "tip", remark: `跑腿赏金（${o.orderNo}）` })])

        // the rating keeps the tip actually paid, not what the client says
        const rated = await t.api("PUT", "/api/paotuiOrder/comment/update", token, { paotuiId: o.id, acceptOpenid: r.openid, score: 5, tags: [1, 3], rewardMoney: 5000 })
        expect(rated.status).toBe(200)
        expect((await t.db.selectFrom("errand_comment").select("reward_money").where("order_id", "=", o.id).executeTakeFirstOrThrow()).reward_money).toBe(200)
        // after the rating no further tip can be opened
        expect((await t.api("GET", `/api/paotuiOrder/reward/${o.id}/100`, token)).status).toBe(409)
        expect(await ledgerMismatches(t.db)).toEqual([])
        // (the fixtures' errand orders are inserted as paid without a trade, so only the tips' books are looked at here)
        expect(reconcile((await purposeBooks(t.db)).filter((b) => b.kind === "tip"))).toEqual([])
        expect((await purposeBooks(t.db)).filter((b) => b.kind === "tip" && b.refId === o.id)).toHaveLength(1)
      })
    })

    describe("handing orders to teammates", () => {
      it("moves accepted orders to a runner of the same team, all or none; outside the team, other statuses and empty batches are refused", async () => {
        const leader = await runner({ leads: true, name: "队长" })
        const a = await runner({ leader, name: "甲" })
        const b = await runner({ leader, name: "乙" })
        const otherLeader = await runner({ leads: true, name: "别队队长" })
        const outsider = await runner({ leader: otherLeader, name: "丙" })
        const requester = await newUser(t.db)
        const held = (r: typeof a, over: Partial<ErrandOrderRecord> = {}) =>
          insert(order({ openid: requester.openid, accept: { openid: r.openid, name: "甲", phone: r.phone }, ...over }))
        const [o1, o2] = [await held(a), await held(a)]
        const single = (body: Record<string, unknown>, token = a.token) => t.api("PUT", "/api/paotuiOrder/rollout/single", token, body)
        const batch = (body: Record<string, unknown>, token = a.token) => t.api("PUT", "/api/paotuiOrder/rollout/batch", token, body)
        const holder = async (id: string) => (await t.db.selectFrom("errand_order").select(["accept_openid", "accept_user", "accept_user_phone", "status"]).where("id", "=", id).executeTakeFirstOrThrow())

        expect((await batch({ paotuiIds: [], acceptUserId: b.id })).body).toMatchObject({ success: false, message: "请选择您想转的跑腿单" })
        const outside = await single({ paotuiId: o1.id, acceptUserId: outsider.id, acceptOpenid: outsider.openid })
        expect(outside.status).toBe(403)
        expect(outside.body.message).toBe("转单失败")
        expect((await holder(o1.id)).accept_openid).toBe(a.openid)
        // someone else's order cannot be handed on by a teammate
        expect((await single({ paotuiId: o1.id, acceptUserId: a.id }, b.token)).status).toBe(403)

        const ok = await single({ paotuiId: o1.id, acceptUserId: b.id, acceptOpenid: b.openid, acceptUserName: "假名", acceptUserPhone: "10000000000" })
        expect(ok.status, JSON.stringify(ok.body)).toBe(200)
        expect(ok.body.message).toBe("转单成功")
        expect(await holder(o1.id)).toMatchObject({ accept_openid: b.openid, accept_user: "乙", accept_user_phone: b.phone, status: 1 })

        // a batch with one collected order moves none
        const collected = await held(a, { status: 2 })
        expect((await batch({ paotuiIds: [o2.id, collected.id], acceptUserId: leader.id })).status).toBe(409)
        expect((await holder(o2.id)).accept_openid).toBe(a.openid)
        const moved = await batch({ paotuiIds: [o2.id], acceptUserId: leader.id })
        expect(moved.status).toBe(200)
        expect((await holder(o2.id)).accept_openid).toBe(leader.openid)

      })
    })

    describe("building leaders", () => {
      it("only a leader of the worksite sets and removes them, after a lookup with the spec's three messages", async () => {
        const leader = await runner({ leads: true })
        const member = await runner({ leader })
        const plain = await newUser(t.db)
        const elsewhere = await runner({ worksite: "ws-dongyuan" })
        const building = `bd-${randomUUID()}`
        await t.db.insertInto("building").values({ id: building, worksite_id: "ws-xiyuan", name: "测试楼", area: "西区", sort: 99 }).execute()

        const find = (phone: string, token = leader.token) => t.api("GET", `/api/building/findManager/${phone}`, token)
        expect((await find("123")).body).toMatchObject({ success: false, message: "请输入正确的手机号码" })
        expect((await find(plain.phone)).body.message).toBe("该用户暂无跑腿资格")
        expect((await find(uniquePhone())).body.message).toBe("该用户暂无跑腿资格")
        expect((await find(elsewhere.phone)).body.message).toBe("TA不是本网点用户")
        const found = await find(member.phone)
        expect(found.body.data).toMatchObject({ _id: member.id, phoneMain: member.phone })
        expect((await find(member.phone, member.token)).status).toBe(403)

        expect((await t.api("PUT", `/api/building/setExpressMaster/${building}/${member.id}`, member.token)).status).toBe(403)
        expect((await t.api("PUT", `/api/building/setExpressMaster/${building}/${plain.id}`, leader.token)).body.message).toBe("该用户暂无跑腿资格")
        const set = await t.api("PUT", `/api/building/setExpressMaster/${building}/${member.id}`, leader.token)
        expect(set.status, JSON.stringify(set.body)).toBe(200)
        const list = await t.api("GET", "/api/building/listForSetManager/ws-xiyuan", leader.token)
        expect(list.body.data).toContainEqual(expect.objectContaining({ _id: building, name: "测试楼", manager: expect.objectContaining({ phoneMain: member.phone }) }))
        expect((await t.api("GET", "/api/building/listForSetManager/ws-dongyuan", leader.token)).status).toBe(403)
        expect((await t.api("GET", "/api/building/listForSetManager/ws-xiyuan", member.token)).status).toBe(403)

        expect((await t.api("DELETE", `/api/building/delExpressMaster/${building}`, member.token)).status).toBe(403)
        expect((await t.api("DELETE", `/api/building/delExpressMaster/${building}`, leader.token)).status).toBe(200)
        expect((await t.db.selectFrom("building").select("manager_id").where("id", "=", building).executeTakeFirstOrThrow()).manager_id).toBeNull()

        const requester = await newUser(t.db)
        await insert(order({ openid: requester.openid, buildingId: building, accept: { openid: member.openid, name: "x", phone: member.phone } }))
        await insert(order({ openid: requester.openid, buildingId: building, status: 3, accept: { openid: member.openid, name: "x", phone: member.phone } }))
        const status = await t.api("GET", "/api/building/status/paotui", leader.token)
        expect(status.body.data).toContainEqual({ _id: building, name: "测试楼", toPickup: 1, sending: 0, toSign: 1, completed: 0 })
        expect((await t.api("GET", "/api/building/status/paotui", member.token)).status).toBe(403)

        const area = await t.api("GET", "/api/area/getById/ws-xiyuan", member.token)
        expect(area.body.data).toMatchObject({ _id: "ws-xiyuan", areas: expect.arrayContaining(["西区"]) })
        expect((await t.api("GET", "/api/area/getById/nowhere", member.token)).status).toBe(404)
        const card = await t.api("GET", "/api/paotuiOrder/recruit", member.token)
        expect(card.body.data).toMatchObject({ worksiteId: "ws-xiyuan", invitation: expect.stringMatching(/^INV/) })
      })
    })

    describe("a runner's day", () => {
      it("lists today's orders and exports them as a 13-column .xlsx behind a signed link that expires", async () => {
        const r = await runner()
        const empty = await t.api("GET", "/api/paotuiOrder/getListForDownload", r.token)
        expect(empty.status).toBe(200)
        expect(empty.body.data.rows).toEqual([])
        const emptyFile = await t.send("GET", empty.body.data.exportUrl)
        expect(emptyFile.body).toMatchObject({ success: false, message: "暂无数据" })

        const student = await newUser(t.db, {}, { realname: "收件人" })
        const checkIn = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ receiverPhone: student.phone }))
        expect(checkIn.status).toBe(201)
        const parcel = await t.db.selectFrom("parcel").select(["id", "storage_no", "tag"]).where("receiver_phone", "=", student.phone).executeTakeFirstOrThrow()
        const building = `bd-${randomUUID()}`
        await t.db.insertInto("building").values({ id: building, worksite_id: "ws-xiyuan", name: "九号楼", sort: 98 }).execute()
        const o = await insert(order({
          openid: student.openid, toTakeId: parcel.id, buildingId: building, floor: 5, dormRoom: "502", accept: { openid: r.openid, name: "跑腿员", phone: r.phone }
        }))
        await insert(order({ openid: student.openid, status: 4, paid: 400, refunded: 400, accept: { openid: r.openid, name: "跑腿员", phone: r.phone } }))
        await insert(order({ openid: student.openid, acceptedAt: new Date(Date.now() - 3 * 86_400_000), accept: { openid: r.openid, name: "跑腿员", phone: r.phone } }))

        const day = await t.api("GET", "/api/paotuiOrder/getListForDownload", r.token)
        expect(day.body.data.columns).toEqual([...EXPORT_COLUMNS])
        expect(day.body.data.rows).toHaveLength(1)
        const url = day.body.data.exportUrl as string
        expect(url).toMatch(new RegExp(`^/api/paotuiOrder/exportExcel/${r.id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`))

        const res = await fetch(`${t.url}${url}`)
        expect(res.status).toBe(200)
        expect(res.headers.get("content-type")).toContain("spreadsheetml")
        const { name, rows, headerBold } = await readSheet(Buffer.from(await res.arrayBuffer()))
        expect(name).toBe("跑腿单")
        expect(headerBold).toBe(true)
        expect(rows[0]).toEqual([...EXPORT_COLUMNS])
        expect(rows).toHaveLength(2)
        expect(rows[1]).toHaveLength(13)
        expect(rows[1]).toEqual([o.orderNo, "顺丰速运", storageCode(parcel.storage_no, parcel.tag), "跑腿员", r.phone, "4.00", "4.00", "已支付", "九号楼", "5楼", "502", "收件人", student.phone])

        // the link is the only key: altered, for another user, without a signature, or expired — refused
        const [path, query] = url.split("?") as [string, string]
        const sig = new URLSearchParams(query).get("sig")!
        const expires = new URLSearchParams(query).get("expires")!
        expect((await t.send("GET", `${path}?expires=${Number(expires) + 60}&sig=${sig}`)).status).toBe(403)
        const other = await runner()
        expect((await t.send("GET", `/api/paotuiOrder/exportExcel/${other.id}?expires=${expires}&sig=${sig}`)).status).toBe(403)
        expect((await t.send("GET", path)).status).toBe(403)
        expect((await t.send("GET", path, { token: r.token })).status).toBe(403)
        const stale = exportLinks(t.runtime).sign(path, new Date(Date.now() - 86_400_000))
        const expired = await t.send("GET", stale)
        expect(expired.status).toBe(410)
        expect(expired.body.message).toBe("下载链接已过期，请回到手机上重新获取")
        // a link made now lives about ten minutes
        expect(Number(expires) * 1000 - new Date(day.body.data.expiresAt).getTime()).toBeLessThanOrEqual(1000)

        // not a runner: no day to list
        expect((await t.api("GET", "/api/paotuiOrder/getListForDownload", await t.token(student.openid))).status).toBe(403)
      })
    })
  })
}

describeOnPostgres("errand team under concurrency [postgres]", () => {
  app("postgres")

  it("ten ratings of one order at once: exactly one is kept, the credit score moves once", async () => {
    const requester = await newUser(t.db)
    const token = await t.token(requester.openid)
    const r = await runner()
    await t.db.updateTable("app_user").set({ credit_score: 80 }).where("id", "=", r.id).execute()
    const o = await completed(requester, r)
    const answers = await Promise.all(Array.from({ length: 10 }, () =>
      t.api("PUT", "/api/paotuiOrder/comment/update", token, { paotuiId: o.id, acceptOpenid: r.openid, score: 5, tags: [1, 3] })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)])
    expect(await credit(r.id)).toBe(82)
    expect(await t.db.selectFrom("credit_record").select("id").where("user_id", "=", r.id).execute()).toHaveLength(1)
  })

  it("twelve orders of one runner rated at once: every change lands, the score and its records agree", async () => {
    const r = await runner()
    await t.db.updateTable("app_user").set({ credit_score: 70 }).where("id", "=", r.id).execute()
    const raters = await Promise.all(Array.from({ length: 12 }, async () => {
      const u = await newUser(t.db)
      return { token: await t.token(u.openid), order: await completed(u, r) }
    }))
    const answers = await Promise.all(raters.map(({ token, order: o }, i) =>
      t.api("PUT", "/api/paotuiOrder/comment/update", token, { paotuiId: o.id, acceptOpenid: r.openid, score: i % 2 === 0 ? 5 : 1, tags: [1] })))
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200))
    const records = await t.db.selectFrom("credit_record").select("score").where("user_id", "=", r.id).execute()
    expect(records).toHaveLength(12)
    expect(await credit(r.id)).toBe(70 + records.reduce((n, x) => n + x.score, 0))
    expect(await credit(r.id)).toBe(70 + 6 * 2 - 6 * 3)
  })
})
