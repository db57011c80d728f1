/**
 * Wallet over HTTP (and through the runtime where a fixed clock is needed): user info, cash
 * withdrawal messages and limits, points to money, the record lists, the staff review, idempotency
 * and the ledger invariant. Runs on PGlite, and on real Postgres when TEST_DATABASE_URL is set.
 */
import { Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { applyWithdrawal, pointsToMoney, reviewWithdrawal } from "#src/wallet/use-cases"
import {
  backends, countRows, failureOf, ledgerMismatches, newUser, startTestApp, valueOf, type TestApp, type TestUser
} from "../support/test-app"

const M = {
  required: "请输入您的提现金额",
  aboveBalance: "提现金额不能大于余额",
  range: "提现金额必须>=1 并且 <=5000",
  tooSoon: "每分钟只能提交一次提现申请",
  dailyCount: "每天最多提现10次",
  dailySum: "每日提现总额不能超过20000元",
  applied: "申请成功",
  notPending: "该提现申请已处理",
  pointsTooFew: "提现积分必须>=10",
  pointsDone: "提现成功",
  tokenMissing: "登录已失效，请重新进入"
}

const MINUTE = 60_000
/** A wall-clock time in Asia/Shanghai (UTC+8). */
const shanghai = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s))

for (const backend of backends) {
  describe(`wallet over HTTP [${backend}]`, () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startTestApp(backend)
    })
    afterAll(async () => {
      await t?.close()
    })

    const withToken = async (wallet: { money?: number; activeScore?: number }) => {
      const user = await newUser(t.db, wallet)
      return { ...user, token: await t.token(user.openid) }
    }
    const walletRow = (userId: string) => t.db.selectFrom("wallet").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow()
    const withdrawalsOf = (userId: string) => t.db.selectFrom("withdrawal").selectAll().where("user_id", "=", userId).orderBy("created_at").execute()
    const apply = (user: TestUser, fen: number | undefined, now: Date) => t.runtime.run(applyWithdrawal(user.actor, fen), { now })

    it("GET /api/user/wxuserInfo gives the caller's openid, money in fen and points", async () => {
      const token = await t.token("demo-student")
      const r = await t.api("GET", "/api/user/wxuserInfo", token)
      expect(r.status).toBe(200)
      expect(r.body.success).toBe(true)
      expect(r.body.data).toMatchObject({
        _id: "u-student", openid: "demo-student", money: 50_000, activeScore: 235, role: "student",
        worksite: { _id: "ws-xiyuan" }
      })
      const other = await withToken({ money: 1234, activeScore: 56 })
      const mine = await t.api("GET", "/api/user/wxuserInfo", other.token)
      expect(mine.body.data).toMatchObject({ _id: other.id, openid: other.openid, money: 1234, activeScore: 56 })
    })

    it("wxuserInfo without a token is 401", async () => {
      const r = await t.api("GET", "/api/user/wxuserInfo")
      expect(r.status).toBe(401)
      expect(r.body).toEqual({ success: false, message: M.tokenMissing })
    })

    describe("POST /api/takecash: the spec's messages in the spec's order", () => {
      it.each([
        ["missing", {}],
        ["the text abc", { money: "abc" }],
        ["null", { money: null }],
        ["an empty string", { money: "" }],
        ["blanks", { money: "   " }],
        ["an array", { money: [1000] }],
        ["an object", { money: { fen: 1000 } }],
        ["a boolean", { money: true }],
        ["in exponent form", { money: "1e3" }],
        ["hexadecimal", { money: "0x3e8" }],
        ["padded with blanks", { money: " 1000 " }],
        ["Infinity as text", { money: "Infinity" }],
        ["a decimal with a trailing dot", { money: "1000." }]
      ])("an amount that is %s → 400 '请输入您的提现金额'", async (_label, body) => {
        const u = await withToken({ money: 50_000 })
        const r = await t.api("POST", "/api/takecash", u.token, body)
        expect(r.status).toBe(400)
        expect(r.body).toEqual({ success: false, message: M.required })
        expect(await withdrawalsOf(u.id)).toHaveLength(0)
      })

      it("an amount above the balance → 400 '提现金额不能大于余额', checked before the range", async () => {
        const u = await withToken({ money: 50_000 })
        for (const money of [50_001, 500_001, 1e9]) {
          const r = await t.api("POST", "/api/takecash", u.token, { money })
          expect(r.status).toBe(400)
          expect(r.body).toEqual({ success: false, message: M.aboveBalance })
        }
        // the spec orders 'not above balance' before 'between 1 and 5000': 50 fen against an empty wallet
        const poor = await withToken({ money: 0 })
        const r = await t.api("POST", "/api/takecash", poor.token, { money: 50 })
        expect(r.body).toEqual({ success: false, message: M.aboveBalance })
        expect(await withdrawalsOf(u.id)).toHaveLength(0)
        expect((await walletRow(u.id)).money).toBe(50_000)
      })

      it.each([50, 99, 0, 500_001, -5, 1.5, 100.5])("%s fen is out of range → 400 '提现金额必须>=1 并且 <=5000'", async (money) => {
        const rich = await withToken({ money: 10_000_000 })
        const r = await t.api("POST", "/api/takecash", rich.token, { money })
        expect(r.status).toBe(400)
        expect(r.body).toEqual({ success: false, message: M.range })
        expect(await withdrawalsOf(rich.id)).toHaveLength(0)
        expect((await walletRow(rich.id)).money).toBe(10_000_000)
      })

      it.each([100, 500_000])("the bounds are inclusive: %s fen is accepted", async (money) => {
        const rich = await withToken({ money: 10_000_000 })
        const r = await t.api("POST", "/api/takecash", rich.token, { money })
        expect(r.status).toBe(201)
        expect(r.body).toMatchObject({ success: true, message: M.applied, data: { money, balance: 10_000_000 - money } })
      })
    })

    it("an accepted application: 201 '申请成功', the full amount leaves the balance, the fee is 0.6% rounded up, one ledger row", async () => {
      const u = await withToken({ money: 50_000 })
      const r = await t.api("POST", "/api/takecash", u.token, { money: 1001 })
      expect(r.status).toBe(201)
      expect(r.body).toMatchObject({ success: true, message: M.applied, data: { money: 1001, fee: 7, balance: 48_999 } })
      const [w] = await withdrawalsOf(u.id)
      expect(w).toMatchObject({ id: r.body.data._id, money: 1001, fee: 7, status: 0 })
      expect((await walletRow(u.id)).money).toBe(48_999)
      const ledger = await t.db.selectFrom("ledger").selectAll().where("user_id", "=", u.id).where("type", "=", 2).execute()
      expect(ledger).toHaveLength(1)
      expect(ledger[0]).toMatchObject({ money: -1001, score: 0, ref_id: w!.id })
      const info = await t.api("GET", "/api/user/wxuserInfo", u.token)
      expect(info.body.data.money).toBe(48_999)
    })

    it("one application a minute: an immediate second POST is 429 and changes nothing", async () => {
      const u = await withToken({ money: 50_000 })
      expect((await t.api("POST", "/api/takecash", u.token, { money: 1000 })).status).toBe(201)
      const second = await t.api("POST", "/api/takecash", u.token, { money: 2000 })
      expect(second.status).toBe(429)
      expect(second.body).toEqual({ success: false, message: M.tooSoon })
      expect(await withdrawalsOf(u.id)).toHaveLength(1)
      expect((await walletRow(u.id)).money).toBe(49_000)
    })

    it("the gap is a full minute: 59 s later refused, 60 s later accepted", async () => {
      const u = await newUser(t.db, { money: 100_000 })
      const at = shanghai(2031, 5, 6, 10)
      valueOf(await apply(u, 100, at))
      expect(failureOf(await apply(u, 100, new Date(at.getTime() + 59_000)))).toMatchObject({ _tag: "LimitReached", message: M.tooSoon })
      valueOf(await apply(u, 100, new Date(at.getTime() + 60_000)))
    })

    it("at most 10 applications a Shanghai day; the 11th is refused until the next day starts", async () => {
      const u = await newUser(t.db, { money: 100_000 })
      const start = shanghai(2031, 3, 10, 9)
      for (let i = 0; i < 10; i++) valueOf(await apply(u, 100, new Date(start.getTime() + i * 2 * MINUTE)))
      const eleventh = await apply(u, 100, new Date(start.getTime() + 20 * MINUTE))
      expect(failureOf(eleventh)).toMatchObject({ _tag: "LimitReached", message: M.dailyCount })
      expect(failureOf(await apply(u, 100, shanghai(2031, 3, 10, 23, 59, 59)))).toMatchObject({ message: M.dailyCount })
      valueOf(await apply(u, 100, shanghai(2031, 3, 11, 0, 0, 0)))
      expect(await withdrawalsOf(u.id)).toHaveLength(11)
      expect((await walletRow(u.id)).money).toBe(100_000 - 11 * 100)
    })

    it("at most 20,000 yuan a Shanghai day; a rejected application stops counting and is refunded", async () => {
      const u = await newUser(t.db, { money: 5_000_000 })
      const start = shanghai(2031, 4, 1, 8)
      const ids: string[] = []
      for (let i = 0; i < 4; i++) ids.push(valueOf(await apply(u, 500_000, new Date(start.getTime() + i * 5 * MINUTE))).id)
      const over = await apply(u, 100, new Date(start.getTime() + 30 * MINUTE))
      expect(failureOf(over)).toMatchObject({ _tag: "LimitReached", message: M.dailySum })
      expect((await walletRow(u.id)).money).toBe(3_000_000)

      valueOf(await t.runtime.run(reviewWithdrawal(ids[1]!, "reject"), { now: new Date(start.getTime() + 31 * MINUTE) }))
      expect((await walletRow(u.id)).money).toBe(3_500_000)
      // 1,500,000 fen still count today: up to exactly 2,000,000 fits, one fen more does not
      valueOf(await apply(u, 400_000, new Date(start.getTime() + 32 * MINUTE)))
      expect(failureOf(await apply(u, 100_001, new Date(start.getTime() + 34 * MINUTE)))).toMatchObject({ message: M.dailySum })
      valueOf(await apply(u, 100_000, new Date(start.getTime() + 36 * MINUTE)))
      expect(failureOf(await apply(u, 100, new Date(start.getTime() + 40 * MINUTE)))).toMatchObject({ message: M.dailySum })
      // the next Shanghai day starts from zero
      valueOf(await apply(u, 500_000, shanghai(2031, 4, 2, 0, 0, 1)))
    })

    // KNOWN BUG (src/wallet/withdrawal.ts, decideWithdrawal): the gap is `now - createdAt < 1 min`
    // without Math.abs, and "today" is every application from today's start on, with no end — so an
    // application dated before an existing one is refused as too soon however far apart they are
    // (and later days count toward today). Reached when applications are decided out of time order:
    // a fixed `now` (runtime.run, replays), or clocks of several server processes that disagree.
    it("an application dated two days before an existing one is judged by distance and by its own day", async () => {
      const u = await newUser(t.db, { money: 100_000 })
      valueOf(await apply(u, 1_000, shanghai(2031, 9, 3, 10)))
      const earlier = await apply(u, 1_000, shanghai(2031, 9, 1, 10))
      expect(Exit.isSuccess(earlier) ? "accepted" : failureOf(earlier).message).toBe("accepted")
    })

    it("a rejected application does not hold the one-a-minute gap", async () => {
      const u = await newUser(t.db, { money: 100_000 })
      const at = shanghai(2031, 6, 1, 12)
      const first = valueOf(await apply(u, 1000, at))
      valueOf(await t.runtime.run(reviewWithdrawal(first.id, "reject"), { now: new Date(at.getTime() + 5_000) }))
      valueOf(await apply(u, 1000, new Date(at.getTime() + 10_000)))
    })

    it("review: approve keeps the money out, reject refunds once, a decided application cannot be decided again", async () => {
      const u = await withToken({ money: 50_000 })
      const at = shanghai(2031, 7, 1, 10)
      const a = valueOf(await apply(u, 10_000, at))
      const b = valueOf(await apply(u, 20_000, new Date(at.getTime() + 2 * MINUTE)))
      expect((await walletRow(u.id)).money).toBe(20_000)

      const approved = valueOf(await t.runtime.run(reviewWithdrawal(a.id, "approve")))
      expect(approved.status).toBe(1)
      expect((await walletRow(u.id)).money).toBe(20_000)
      expect(failureOf(await t.runtime.run(reviewWithdrawal(a.id, "reject")))).toMatchObject({ _tag: "StateConflict", message: M.notPending })
      expect(failureOf(await t.runtime.run(reviewWithdrawal(a.id, "approve")))).toMatchObject({ _tag: "StateConflict" })
      expect((await walletRow(u.id)).money).toBe(20_000)

      const rejected = valueOf(await t.runtime.run(reviewWithdrawal(b.id, "reject")))
      expect(rejected.status).toBe(2)
      expect((await walletRow(u.id)).money).toBe(40_000)
      expect(failureOf(await t.runtime.run(reviewWithdrawal(b.id, "reject")))).toMatchObject({ _tag: "StateConflict", message: M.notPending })
      expect((await walletRow(u.id)).money).toBe(40_000)
      const refunds = await t.db.selectFrom("ledger").selectAll().where("user_id", "=", u.id).where("ref_id", "=", b.id).orderBy("money").execute()
      expect(refunds.map((l) => [l.type, l.money])).toEqual([[2, -20_000], [1, 20_000]])

      expect(failureOf(await t.runtime.run(reviewWithdrawal("no-such-withdrawal", "approve")))).toMatchObject({ _tag: "NotFound" })

      const list = await t.api("GET", "/api/takecash/wxlist", u.token)
      const statusById = Object.fromEntries(list.body.data.results.map((w: { _id: string; status: number }) => [w._id, w.status]))
      expect(statusById).toEqual({ [a.id]: 1, [b.id]: 2 })
    })

    describe("PUT /api/money/scoreToMoney/{points}", () => {
      it.each(["5", "9", "0", "-10", "abc", "10.5", "%20", "0x0a", "1e2", "%20100%20", "20.", "+20"])("'%s' points → 400 '提现积分必须>=10'", async (points) => {
        const u = await withToken({ activeScore: 235 })
        const r = await t.api("PUT", `/api/money/scoreToMoney/${points}`, u.token)
        expect(r.status).toBe(400)
        expect(r.body).toEqual({ success: false, message: M.pointsTooFew })
        expect(await walletRow(u.id)).toMatchObject({ money: 0, active_score: 235 })
      })

      it("more than held → 400 '对不起，您只有N积可提现'; fewer than 10 held is still '>=10' first", async () => {
        const u = await withToken({ activeScore: 235 })
        for (const points of [236, 300, 2 ** 53, `1${"0".repeat(21)}`]) {
          const r = await t.api("PUT", `/api/money/scoreToMoney/${points}`, u.token)
          expect(r.status).toBe(400)
          expect(r.body).toEqual({ success: false, message: "对不起，您只有235积可提现" })
        }
        const none = await withToken({ activeScore: 0 })
        expect((await t.api("PUT", "/api/money/scoreToMoney/10", none.token)).body.message).toBe("对不起，您只有0积可提现")
        expect((await t.api("PUT", "/api/money/scoreToMoney/5", none.token)).body.message).toBe(M.pointsTooFew)
      })

      it("converts whole blocks of 10 points at 5 fen each; the rest stays; one ledger row of type 4", async () => {
        const u = await withToken({ money: 100, activeScore: 235 })
        const r = await t.api("PUT", "/api/money/scoreToMoney/235", u.token)
        expect(r.status).toBe(200)
        expect(r.body).toMatchObject({ success: true, message: M.pointsDone, data: { points: 230, moneyFen: 115 } })
        expect(await walletRow(u.id)).toMatchObject({ money: 215, active_score: 5 })
        const rows = await t.db.selectFrom("ledger").selectAll().where("user_id", "=", u.id).where("type", "=", 4).execute()
        expect(rows.map((l) => [l.money, l.score])).toEqual([[115, -230]])
        const again = await t.api("PUT", "/api/money/scoreToMoney/10", u.token)
        expect(again.body).toEqual({ success: false, message: "对不起，您只有5积可提现" })
        const info = await t.api("GET", "/api/user/wxuserInfo", u.token)
        expect(info.body.data).toMatchObject({ money: 215, activeScore: 5 })
      })
    })

    it("lists: /api/takecash/wxlist pages 20 at a time, newest first, only the caller's; /api/money/wxlist/0 and /4", async () => {
      const u = await withToken({ money: 1_000_000, activeScore: 100 })
      const made: string[] = []
      // 25 applications over three Shanghai days (10 + 10 + 5), two minutes apart
      for (let i = 0; i < 25; i++) {
        const day = Math.floor(i / 10)
        made.push(valueOf(await apply(u, 100 + i, shanghai(2031, 8, 1 + day, 9, 2 * (i % 10)))).id)
      }
      valueOf(await t.runtime.run(pointsToMoney(u.actor, 20)))
      valueOf(await t.runtime.run(pointsToMoney(u.actor, 35)))

      const p1 = await t.api("GET", "/api/takecash/wxlist", u.token)
      expect(p1.status).toBe(200)
      expect(p1.body.data).toMatchObject({ pageNumber: 1, pageCount: 2, recordCount: 25 })
      expect(p1.body.data.results).toHaveLength(20)
      expect(Object.keys(p1.body.data.results[0]).sort()).toEqual(["_id", "createdAt", "fee", "money", "status"])
      const times = p1.body.data.results.map((w: { createdAt: string }) => Date.parse(w.createdAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      expect(p1.body.data.results[0]).toMatchObject({ _id: made[24], money: 124, status: 0 })

      const p2 = await t.api("GET", "/api/takecash/wxlist?pageNo=2", u.token)
      expect(p2.body.data).toMatchObject({ pageNumber: 2, pageCount: 2, recordCount: 25 })
      expect(p2.body.data.results).toHaveLength(5)
      const seen = [...p1.body.data.results, ...p2.body.data.results].map((w: { _id: string }) => w._id)
      expect(new Set(seen)).toEqual(new Set(made))

      const p3 = await t.api("GET", "/api/takecash/wxlist?pageNo=3", u.token)
      expect(p3.body.data.results).toHaveLength(0)
      for (const junk of ["abc", "0", "-1", "1.5"]) {
        const r = await t.api("GET", `/api/takecash/wxlist?pageNo=${junk}`, u.token)
        expect(r.status).toBe(200)
        expect(r.body.data.pageNumber).toBe(1)
      }

      const others = await t.api("GET", "/api/takecash/wxlist", await t.token("demo-runner"))
      expect(others.body.data.results.map((w: { _id: string }) => w._id)).not.toEqual(expect.arrayContaining([made[0]]))

      const all = await t.api("GET", "/api/money/wxlist/0", u.token)
      expect(all.status).toBe(200)
      // money only: the opening money grant (not the points-only row), 25 applications, 2 conversions
      expect(all.body.data).toMatchObject({ recordCount: 28, pageCount: 2, pageNumber: 1 })
      expect(Object.keys(all.body.data.results[0]).sort()).toEqual(["_id", "createdAt", "money", "remark", "score", "type"])
      const all2 = await t.api("GET", "/api/money/wxlist/0?pageNo=2", u.token)
      expect(all2.body.data.results).toHaveLength(8)
      expect([...all.body.data.results, ...all2.body.data.results].every((e: { money: number; score: number }) => e.money !== 0 && e.score === 0)).toBe(true)

      const points = await t.api("GET", "/api/money/wxlist/4", u.token)
      expect(points.body.data.recordCount).toBe(2)
      expect(points.body.data.results.map((e: { type: number; money: number; score: number }) => [e.type, e.money, e.score]).sort())
        .toEqual([[4, 10, -20], [4, 15, -30]].sort())
    })

    describe("Idempotency-Key on POST /api/takecash", () => {
      it("a repeat creates one application and replays the first answer; another body with the key is 422", async () => {
        const u = await withToken({ money: 50_000 })
        const key = `wd-${u.id}`
        const first = await t.api("POST", "/api/takecash", u.token, { money: 1500 }, { "Idempotency-Key": key })
        expect(first.status).toBe(201)
        expect(first.headers.get("idempotent-replayed")).toBeNull()
        const again = await t.api("POST", "/api/takecash", u.token, { money: 1500 }, { "Idempotency-Key": key })
        expect(again.status).toBe(201)
        expect(again.headers.get("idempotent-replayed")).toBe("true")
        expect(again.body).toEqual(first.body)
        expect(await withdrawalsOf(u.id)).toHaveLength(1)
        expect((await walletRow(u.id)).money).toBe(48_500)

        const changed = await t.api("POST", "/api/takecash", u.token, { money: 1600 }, { "Idempotency-Key": key })
        expect(changed.status).toBe(422)
        expect(changed.body.success).toBe(false)
        expect(changed.body.message).toEqual(expect.any(String))
        expect(await withdrawalsOf(u.id)).toHaveLength(1)
      })

      it("a refusal is replayed too, and keys belong to one user", async () => {
        const u = await withToken({ money: 50_000 })
        const v = await withToken({ money: 50_000 })
        const key = "shared-key-0001"
        const refused = await t.api("POST", "/api/takecash", u.token, { money: 10 }, { "Idempotency-Key": key })
        expect(refused.status).toBe(400)
        const replay = await t.api("POST", "/api/takecash", u.token, { money: 10 }, { "Idempotency-Key": key })
        expect(replay.status).toBe(400)
        expect(replay.headers.get("idempotent-replayed")).toBe("true")
        expect(replay.body).toEqual(refused.body)
        const theirs = await t.api("POST", "/api/takecash", v.token, { money: 1000 }, { "Idempotency-Key": key })
        expect(theirs.status).toBe(201)
        expect(theirs.headers.get("idempotent-replayed")).toBeNull()
      })

      it("a malformed key is 400", async () => {
        const u = await withToken({ money: 50_000 })
        const r = await t.api("POST", "/api/takecash", u.token, { money: 1000 }, { "Idempotency-Key": "short" })
        expect(r.status).toBe(400)
        expect(r.body.success).toBe(false)
        expect(await withdrawalsOf(u.id)).toHaveLength(0)
      })
    })

    it("after everything: every wallet equals the sum of its ledger rows and none is negative", async () => {
      expect(await countRows(t.db, "withdrawal")).toBeGreaterThan(0)
      expect(await ledgerMismatches(t.db)).toEqual([])
    })
  })
}
