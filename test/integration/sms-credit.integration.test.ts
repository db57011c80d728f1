/**
 * Donations and SMS credit over HTTP: `GET /api/common/donate` and `POST /api/common/deposit` answer pay-sign data
 * (decoded with their calls' Schemas, as the web does), the simulated provider's notice settles them once (twice or
 * two at once: credited once; forged: 4xx; after expiry: never), another worksite's top-up is 403, the outbox spends
 * one credit per parcel notice (20 at once with 10 credit: 10 sent, also on real connections of real Postgres), and
 * the books reconcile. Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkInvariants } from "#adapters/ops/invariants"
import { drainOutbox } from "#adapters/outbox/outbox-worker"
import { purposeBooks, smsCreditMismatches } from "#adapters/payments/books"
import { signFields } from "#adapters/payments/simulated-provider"
import { createWorksite } from "#adapters/postgres/seed"
import { jobNamed } from "#adapters/scheduler/jobs"
import { FakeMessagingApp } from "#adapters/messaging/fake-messaging-app"
import { FakeSmsGateway } from "#adapters/sms/fake-sms-gateway"
import { reconcile } from "#src/payment/reconcile"
import { EmployeeByOpenid } from "#src/staff/calls"
import { Deposit, Donate } from "#src/support/calls"
import { smsMessages } from "#src/support/sms-credit"
import { refundTrade } from "#src/settlement/settlements"
import { grantSms } from "#src/support/use-cases"
import { WorksiteDetail } from "#src/worksite/calls"
import { backends, checkInPayload, newUser, startTestApp, unique, valueOf, type ApiAnswer, type TestApp } from "../support/test-app"

const decoded = <S extends Schema.Top>(schema: S, value: unknown): S["Type"] =>
  Schema.decodeUnknownSync(schema as unknown as Schema.Decoder<S["Type"]>)(value)

const dataOf = <S extends Schema.Top>(answer: S, r: ApiAnswer): S["Type"] => {
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return decoded(answer, r.body.data)
}

const prepayOf = (sign: { readonly package: string }) => sign.package.replace(/^prepay_id=/, "")

for (const backend of backends) {
  describe(`donations and SMS credit [${backend}]`, () => {
    let t: TestApp
    const tokens: Record<string, string> = {}
    beforeAll(async () => {
      t = await startTestApp(backend)
      for (const openid of ["demo-staff", "demo-staff-dy", "demo-admin", "demo-student"]) tokens[openid] = await t.token(openid)
    })
    afterAll(async () => {
      await t?.close()
    })

    const credit = async (worksiteId: string) =>
      (await t.db.selectFrom("worksite").select("sms_credit").where("id", "=", worksiteId).executeTakeFirstOrThrow()).sms_credit
    const trade = (prepayId: string) => t.db.selectFrom("pay_trade").selectAll().where("prepay_id", "=", prepayId).executeTakeFirstOrThrow()
    const deposit = async (token: string, body: unknown) => t.api("POST", "/api/common/deposit", token, body)
    const depositOk = async (token: string, worksiteId: string, money: unknown) => dataOf(Deposit.answer, await deposit(token, { worksiteId, money }))
    const pay = async (sign: unknown) => {
      const paid = await t.api("POST", "/auth/dev/pay", undefined, sign)
      expect(paid.body, JSON.stringify(paid.body)).toMatchObject({ success: true, data: { notified: true } })
    }
    const notify = (fields: unknown) => t.api("POST", "/api/wx/payNotify", undefined, fields)

    it("donates exactly 1 fen: the open trade is handed out again, paid once, one donation row", async () => {
      const user = await newUser(t.db)
      const token = await t.token(user.openid)
      const sign = dataOf(Donate.answer, await t.api("GET", "/api/common/donate?money=100&totalFee=100", token))
      expect(sign).toMatchObject({ signType: "HMAC-SHA256", paySign: expect.stringMatching(/^[0-9A-F]{64}$/) })
      expect(await trade(prepayOf(sign))).toMatchObject({ kind: "donation", amount_fen: 1, ref_id: user.id, user_id: user.id, status: "created" })
      const again = dataOf(Donate.answer, await t.api("GET", "/api/common/donate", token))
      expect(again.package).toBe(sign.package)
      await pay(sign)
      const paid = await trade(prepayOf(sign))
      expect(paid.status).toBe("paid")
      const replay = await notify(await t.runtime.paymentProvider.notification(prepayOf(sign)))
      expect(replay.body).toMatchObject({ return_code: "SUCCESS", data: { settled: false } })
      expect(await t.db.selectFrom("donation").selectAll().where("user_id", "=", user.id).execute())
        .toEqual([expect.objectContaining({ trade_no: paid.trade_no, amount_fen: 1, refunded_at: null })])
      // a new donation is a new trade
      expect(dataOf(Donate.answer, await t.api("GET", "/api/common/donate", token)).package).not.toBe(sign.package)
      expect((await t.api("GET", "/api/common/donate")).status).toBe(401)
    })

    it("a staff member's 10-yuan top-up: 1000 fen priced here, 250 SMS fixed now, credited once when paid", async () => {
      const before = await credit("ws-xiyuan")
      const sign = await depositOk(tokens["demo-staff"]!, "ws-xiyuan", "10")
      const opened = await trade(prepayOf(sign))
      expect(opened).toMatchObject({ kind: "deposit", amount_fen: 1000, status: "created" })
      expect(await t.db.selectFrom("sms_deposit").selectAll().where("trade_no", "=", opened.trade_no).executeTakeFirstOrThrow())
        .toMatchObject({ id: opened.ref_id, worksite_id: "ws-xiyuan", money_fen: 1000, sms_count: 250, status: "created", paid_at: null })
      expect(await credit("ws-xiyuan")).toBe(before)
      await pay(sign)
      expect(await credit("ws-xiyuan")).toBe(before + 250)
      expect(await t.db.selectFrom("sms_deposit").select("status").where("trade_no", "=", opened.trade_no).executeTakeFirstOrThrow()).toEqual({ status: "paid" })
      expect(await t.db.selectFrom("sms_credit_ledger").select(["change", "reason"]).where("trade_no", "=", opened.trade_no).execute())
        .toEqual([{ change: 250, reason: "deposit" }])
      // the provider's notice again, and twice at once: acknowledged, nothing credited twice
      const notice = await t.runtime.paymentProvider.notification(prepayOf(sign))
      const answers = await Promise.all([notify(notice), notify(notice)])
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      expect(await credit("ws-xiyuan")).toBe(before + 250)

      // the credit in the worksite's detail and in the staff member's getByOpen
      const detail = dataOf(WorksiteDetail.answer, await t.api("GET", "/api/worksite/detail/ws-xiyuan", tokens["demo-staff"]))
      expect(detail.smsCredit).toBe(before + 250)
      const byOpen = await t.api("GET", "/auth/employee/getByOpen/demo-staff", tokens["demo-staff"])
      expect(byOpen.status).toBe(200)
      expect(decoded(EmployeeByOpenid.answer, { user: byOpen.body.user }).user.worksite).toMatchObject({ _id: "ws-xiyuan", smsCredit: expect.any(Number) })
    })

    it("two first notices of one top-up at once: credited once", async () => {
      const before = await credit("ws-xiyuan")
      const sign = await depositOk(tokens["demo-admin"]!, "ws-xiyuan", 50)
      // the provider takes the money, and its notice is posted twice at the same moment
      const taken = await t.runtime.paymentProvider.pay(sign)
      if (!taken.ok) throw new Error(taken.reason)
      const answers = await Promise.all(Array.from({ length: 4 }, () => notify(taken.notice)))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
      expect(answers.filter((a) => a.body.data.settled)).toHaveLength(1)
      expect(await credit("ws-xiyuan")).toBe(before + 1250)
    })

    it("reads money in yuan, floored, in the spec's order of refusals", async () => {
      const staff = tokens["demo-staff"]!
      for (const [money, message] of [[undefined, smsMessages.moneyRequired], ["", smsMessages.moneyRequired], ["abc", smsMessages.moneyRequired],
        [0.99, smsMessages.moneyMin], ["-3", smsMessages.moneyMin], [10_001, smsMessages.moneyMax]] as const) {
        const r = await deposit(staff, { worksiteId: "ws-xiyuan", ...(money === undefined ? {} : { money }) })
        expect({ money, status: r.status, body: r.body }).toEqual({ money, status: 400, body: { success: false, message } })
      }
      const floored = await depositOk(staff, "ws-xiyuan", "12.99")
      const opened = await trade(prepayOf(floored))
      expect(opened.amount_fen).toBe(1200)
      expect((await t.db.selectFrom("sms_deposit").select("sms_count").where("id", "=", opened.ref_id).executeTakeFirstOrThrow()).sms_count).toBe(300)
      const most = await trade(prepayOf(await depositOk(staff, "ws-xiyuan", 10_000.5)))
      expect(most.amount_fen).toBe(1_000_000)
    })

    it("another worksite's top-up is 403: staff only for their own, students none, admins any", async () => {
      const other = await deposit(tokens["demo-staff-dy"]!, { worksiteId: "ws-xiyuan", money: 10 })
      expect({ status: other.status, body: other.body }).toEqual({ status: 403, body: { success: false, message: smsMessages.notOwnWorksite } })
      expect((await deposit(tokens["demo-student"]!, { worksiteId: "ws-xiyuan", money: 10 })).status).toBe(403)
      expect((await deposit(tokens["demo-staff"]!, { worksiteId: "ws-dongyuan", money: 10 })).status).toBe(403)
      expect((await deposit(tokens["demo-staff"]!, { worksiteId: "ws-nowhere", money: 10 })).status).toBe(404)
      await depositOk(tokens["demo-staff-dy"]!, "ws-dongyuan", 10)
      await depositOk(tokens["demo-admin"]!, "ws-dongyuan", 10)
    })

    it("a forged notice is refused (4xx) and credits nothing", async () => {
      const before = await credit("ws-xiyuan")
      const sign = await depositOk(tokens["demo-staff"]!, "ws-xiyuan", 100)
      const notice = (await t.runtime.paymentProvider.notification(prepayOf(sign)))!
      const forged = { ...notice, result_code: "SUCCESS", transaction_id: "42forged", sign: "0".repeat(64) }
      const answers = await Promise.all([notify(forged), notify({ ...notice, transaction_id: "42forged" }), notify({ ...forged, total_fee: 100_000 })])
      for (const a of answers) expect(a.status >= 400 && a.status < 500, JSON.stringify(a.body)).toBe(true)
      expect(await credit("ws-xiyuan")).toBe(before)
      expect((await trade(prepayOf(sign))).status).toBe("created")
    })

    it("an expired top-up never credits: its deposit expires with its trade, a late notice is refused", async () => {
      const before = await credit("ws-xiyuan")
      const sign = await depositOk(tokens["demo-staff"]!, "ws-xiyuan", 200)
      const opened = await trade(prepayOf(sign))
      await jobNamed("expire-prepays")!.run(t.runtime, new Date(Date.now() + 31 * 60_000))
      expect((await trade(prepayOf(sign))).status).toBe("expired")
      expect((await t.db.selectFrom("sms_deposit").select("status").where("id", "=", opened.ref_id).executeTakeFirstOrThrow()).status).toBe("expired")
      expect((await t.api("POST", "/auth/dev/pay", undefined, sign)).status).toBe(409)
      const fields: Record<string, string | number> = { ...(await t.runtime.paymentProvider.notification(prepayOf(sign))), transaction_id: "42late" }
      delete fields.sign
      const late = await notify({ ...fields, sign: signFields(fields, t.runtime.secrets.paymentKey) })
      expect(late.status).toBe(409)
      expect(await credit("ws-xiyuan")).toBe(before)
    })

    it("a parcel notice names its worksite in the outbox, a captcha SMS none; the check-in is untouched by a site without credit", async () => {
      await t.db.transaction().execute(async (trx) => {
        await createWorksite(trx, {
          id: "ws-empty", site_code: "EM01", short_name: "空站", school_campus: "东校区", name_zh: "空站驿站", sms_able: true,
          service_begin: "08:00", service_end: "20:00", service_phone: "020-1", express_companies: ["ec-sf"]
        })
        await trx.insertInto("employee").values({ id: "e-empty", phone: "13900000099", name_zh: "空站员", password_hash: "x", worksite_id: "ws-empty", openid: "it-empty-staff" }).execute()
        await trx.insertInto("app_user").values({ id: "u-empty-staff", openid: "it-empty-staff", nickname: "空站员", role: "staff", worksite_id: "ws-empty" }).execute()
      })
      const staff = await t.token("it-empty-staff")
      const expressNo = unique("SF")
      const r = await t.api("POST", "/api/expressTosend", staff, checkInPayload({ worksite: "ws-empty", worksiteCode: "EM01", expressNo }))
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      const row = await t.db.selectFrom("outbox").selectAll().where("template", "=", "parcelArrived").where("worksite_id", "=", "ws-empty")
        .orderBy("id", "desc").executeTakeFirstOrThrow()
      await drainOutbox(t.db, new FakeSmsGateway(), new FakeMessagingApp(), 1000)
      expect(await t.db.selectFrom("outbox").select(["sent_at", "failed_at", "last_error", "attempts"]).where("id", "=", row.id).executeTakeFirstOrThrow())
        .toMatchObject({ sent_at: null, failed_at: expect.any(Date), last_error: smsMessages.creditExhausted, attempts: 1 })
      expect(await t.db.selectFrom("parcel").select("status").where("express_no", "=", expressNo).executeTakeFirstOrThrow()).toEqual({ status: 0 })
      const captcha = await t.db.selectFrom("outbox").select("worksite_id").where("template", "=", "captcha").execute()
      expect(captcha.every((c) => c.worksite_id === null)).toBe(true)
    })

    it("20 parcel notices at once with 10 credit: exactly 10 sent, 10 failed as '短信余额不足', credit 0 = its ledger", async () => {
      await createWorksite(t.db, {
        id: "ws-race", site_code: "RC01", short_name: "竞速站", school_campus: "西校区", name_zh: "竞速驿站", sms_able: true,
        service_begin: "08:00", service_end: "20:00", service_phone: "020-2", express_companies: ["ec-sf"]
      })
      valueOf(await t.runtime.run(grantSms("RC01", 10, "测试")))
      const ids = await t.db.insertInto("outbox").values(Array.from({ length: 20 }, (_, i) => ({
        channel: "sms", recipient: `1370000${String(1000 + i)}`, template: "parcelArrived", worksite_id: "ws-race",
        params: JSON.stringify({ site: "竞速站", company: "顺丰速运", code: `A-${i}`, serviceTime: "08:00 - 20:00" })
      }))).returning("id").execute()
      const sms = new FakeSmsGateway()
      // twenty workers at once, each on its own connection of the pool (real concurrency on Postgres)
      await Promise.all(Array.from({ length: 20 }, () => drainOutbox(t.db, sms, new FakeMessagingApp(), 1)))
      await drainOutbox(t.db, sms, new FakeMessagingApp(), 100)
      const rows = await t.db.selectFrom("outbox").select(["sent_at", "last_error"]).where("id", "in", ids.map((r) => r.id)).execute()
      // the server's own worker may have sent some of them: count by rows, and what reached any gateway
      expect(rows.filter((r) => r.sent_at !== null)).toHaveLength(10)
      expect(rows.filter((r) => r.last_error === smsMessages.creditExhausted)).toHaveLength(10)
      expect(await credit("ws-race")).toBe(0)
      expect(await t.db.selectFrom("sms_credit_ledger").select(["change", "reason"]).where("worksite_id", "=", "ws-race").where("reason", "=", "sms").execute())
        .toHaveLength(10)
    })

    it("a refunded top-up takes back its SMS (never below 0) and a refunded donation keeps nothing; both reconcile", async () => {
      const before = await credit("ws-dongyuan")
      const sign = await depositOk(tokens["demo-staff-dy"]!, "ws-dongyuan", 10)
      await pay(sign)
      expect(await credit("ws-dongyuan")).toBe(before + 250)
      const { trade_no: tradeNo } = await trade(prepayOf(sign))
      expect(valueOf(await t.runtime.run(refundTrade(tradeNo)))).toMatchObject({ status: "refunded" })
      expect(await credit("ws-dongyuan")).toBe(before)
      expect((await t.db.selectFrom("sms_deposit").select("status").where("trade_no", "=", tradeNo).executeTakeFirstOrThrow()).status).toBe("refunded")
      const gift = dataOf(Donate.answer, await t.api("GET", "/api/common/donate", tokens["demo-staff-dy"]))
      await pay(gift)
      valueOf(await t.runtime.run(refundTrade((await trade(prepayOf(gift))).trade_no)))
      expect(reconcile(await purposeBooks(t.db))).toEqual([])
    })

    it("reconciles: paid deposit trades = credited deposits, donations = their rows, credit = Σ ledger; station check agrees", async () => {
      expect(reconcile(await purposeBooks(t.db))).toEqual([])
      expect(await smsCreditMismatches(t.db).execute()).toEqual([])
      const results = await checkInvariants(t.db)
      expect(results.filter((r) => !r.ok && !r.name.includes("given up")).map((r) => r.name)).toEqual([])
      // a credit moved without its ledger row is found
      await t.db.updateTable("worksite").set({ sms_credit: 7 }).where("id", "=", "ws-race").execute()
      expect((await smsCreditMismatches(t.db).execute()).map((m) => m.id)).toEqual(["ws-race"])
      await t.db.updateTable("worksite").set({ sms_credit: 0 }).where("id", "=", "ws-race").execute()
    })
  })
}
