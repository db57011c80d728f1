/**
 * `station replay` of money and uploads: a student uploads a picture (and posts a suggestion with it), applies for two
 * withdrawals — one approved and paid out by the operator, one rejected — converts points, donates (paid through the
 * provider's notice, then refunded by the operator), and a staff member tops up SMS credit twice: one paid, one left
 * to expire by the scheduler. The exported log replays into a fresh seeded database (which pays nobody and asks no provider) with no
 * problems, and the withdrawal, ledger, wallet, trade, deposit, donation and upload rows are the same, ids and times included.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { actorByOpenid } from "#adapters/ops/actors"
import { loggedOperations } from "#adapters/ops/ops-log"
import { replayOperations } from "#adapters/ops/replay"
import { createUser } from "#adapters/postgres/seed"
import { jobNamed } from "#adapters/scheduler/jobs"
import { paySignFor } from "#src/payment/use-cases"
import { refundTrade, settleNotice } from "#src/settlement/settlements"
import { jsonNotice } from "#src/payment/pay-in"
import { depositTrade, donationTrade } from "#src/support/use-cases"
import { applyWithdrawal, pointsToMoney, reviewWithdrawal, transferWithdrawal } from "#src/wallet/use-cases"
import { plainPng, uploaded } from "../support/account-kit"
import { backends, failureOf, settleOutbox, shanghaiNoonClock, startTestApp, valueOf, type TestApp } from "../support/test-app"

const STUDENT = { id: "u-money-student", openid: "money-student" }
const MINUTE = 60_000
const OPENED = new Date("2026-01-05T02:00:00Z")

/** The student as the day found them: 100 yuan and 95 points, with the one opening ledger row (the same in both databases). */
const withStudent = async (t: TestApp) => {
  await createUser(t.db, { id: STUDENT.id, openid: STUDENT.openid, nickname: "钱", phone_main: "13600000031", worksite_id: "ws-xiyuan", role: "student" }, {})
  await t.db.insertInto("ledger").values({
    id: "l-money-opening", user_id: STUDENT.id, type: 1, money: 10_000, score: 95, remark: "开户赠送", ref_type: "opening", ref_id: null, created_at: OPENED
  }).execute()
  await t.db.updateTable("wallet").set({ money: 10_000, active_score: 95 }).where("user_id", "=", STUDENT.id).execute()
}

describe.each(backends)("station replay of money and uploads [%s]", (backend) => {
  let recorded: TestApp
  let fresh: TestApp
  const clock = shanghaiNoonClock()
  beforeAll(async () => {
    recorded = await startTestApp(backend, { clock })
    fresh = await startTestApp(backend, { clock })
    await withStudent(recorded)
    await withStudent(fresh)
  }, 60_000)
  afterAll(async () => {
    await recorded?.close()
    await fresh?.close()
  })

  it("withdrawals, points, a donation refunded, an expired prepay and an upload replay into the same rows", async () => {
    const t = recorded
    const student = (await actorByOpenid(t.db, STUDENT.openid))!
    const staff = (await actorByOpenid(t.db, "demo-staff"))!
    const token = await t.token(STUDENT.openid)
    const base = clock().getTime() - 3 * 60 * MINUTE
    const at = (minutes: number) => ({ now: new Date(base + minutes * MINUTE) })

    // an upload, and a suggestion whose picture it is (the replay needs the upload's row to accept the picture)
    const picture = await uploaded(t, token, "fileVal", plainPng())
    const suggested = await t.api("POST", "/api/suggestion", token, { type: 2, title: "提现", content: "提现什么时候到账", pics: [picture.url] })
    expect(suggested.body.message).toBe("提交成功")

    const paidOut = valueOf(await t.runtime.run(applyWithdrawal(student, 2_000), at(0)))
    expect(valueOf(await t.runtime.run(reviewWithdrawal(paidOut.id, "approve"), at(1)))).toMatchObject({ status: 1 })
    expect(valueOf(await t.runtime.run(transferWithdrawal(paidOut.id), at(2)))).toMatchObject({ status: 100 })
    const rejected = valueOf(await t.runtime.run(applyWithdrawal(student, 1_000), at(3)))
    expect(valueOf(await t.runtime.run(reviewWithdrawal(rejected.id, "reject"), at(4)))).toMatchObject({ status: 2 })
    // refusals change nothing and log nothing: a second review, a pay-out of a rejected application, too few points
    expect(failureOf(await t.runtime.run(reviewWithdrawal(rejected.id, "approve"), at(4)))).toMatchObject({ message: "该提现申请已处理" })
    expect(failureOf(await t.runtime.run(transferWithdrawal(rejected.id), at(4)))).toMatchObject({ _tag: "StateConflict" })
    expect(failureOf(await t.runtime.run(pointsToMoney(student, 9), at(5)))).toMatchObject({ message: "提现积分必须>=10" })
    expect(valueOf(await t.runtime.run(pointsToMoney(student, 95), at(5)))).toEqual({ points: 90, moneyFen: 45 })

    // a donation paid through the provider's notice, then refunded by the operator
    const donation = valueOf(await t.runtime.run(donationTrade(student), at(6)))
    const sign = valueOf(await t.runtime.read(paySignFor(student, donation.prepayId ?? ""), at(6)))
    const paid = await t.runtime.paymentProvider.pay(sign, base + 7 * MINUTE)
    if (!paid.ok) throw new Error(paid.reason)
    expect(valueOf(await t.runtime.run(settleNotice(jsonNotice(paid.notice)), at(7)))).toEqual({ tradeNo: donation.tradeNo, settled: true })
    expect(valueOf(await t.runtime.run(refundTrade(donation.tradeNo), at(8)))).toMatchObject({ status: "refunded" })

    // a staff member's SMS top-up left unpaid: the scheduler expires it (and its deposit) after 30 minutes
    const { trade: topUp } = valueOf(await t.runtime.run(depositTrade(staff, { worksiteId: "ws-xiyuan", money: 10 }), at(9)))
    // another top-up paid: the notice's one line credits the worksite (the credit's own line is not written beside it)
    const { trade: paidTopUp } = valueOf(await t.runtime.run(depositTrade(staff, { worksiteId: "ws-xiyuan", money: 20 }), at(10)))
    const topUpSign = valueOf(await t.runtime.read(paySignFor(staff, paidTopUp.prepayId ?? ""), at(10)))
    const topUpPaid = await t.runtime.paymentProvider.pay(topUpSign, base + 11 * MINUTE)
    if (!topUpPaid.ok) throw new Error(topUpPaid.reason)
    expect(valueOf(await t.runtime.run(settleNotice(jsonNotice(topUpPaid.notice)), at(11)))).toEqual({ tradeNo: paidTopUp.tradeNo, settled: true })
    expect(await jobNamed("expire-prepays")!.run(t.runtime, new Date(base + 45 * MINUTE))).toMatchObject({ expired: 1 })

    const lines: Array<{ lineNo: number; text: string }> = []
    await settleOutbox(t)
    for await (const op of loggedOperations(t.db)) lines.push({ lineNo: lines.length + 1, text: JSON.stringify(op) })
    const logged = lines.map((l) => JSON.parse(l.text))
    expect(logged.map((o) => o.op)).toEqual([
      "uploadImage", "submitSuggestion", "applyWithdrawal", "reviewWithdrawal", "payWithdrawal", "applyWithdrawal", "reviewWithdrawal", "pointsToMoney",
      "tradePrepay", "tradePaid", "refundTrade", "tradePrepay", "tradePrepay", "tradePaid", "expirePrepay"
    ])
    // the upload is its name, size and hash, never its bytes
    expect(logged[0].input).toEqual({ field: "fileVal", type: "png", size: plainPng().length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(logged.find((o) => o.op === "expirePrepay")).toMatchObject({ actorOpenid: "station-system", input: { tradeNo: topUp.tradeNo } })

    const summary = await replayOperations(fresh.runtime, (async function* () { yield* lines })())
    expect(summary.problems).toEqual([])
    expect(summary).toMatchObject({ operations: lines.length, matched: lines.length, mismatched: 0, failed: 0, badLines: 0 })

    const same = async <R>(rows: (app: TestApp) => Promise<R>, check: (r: R) => void = () => {}) => {
      const was = await rows(t)
      check(was)
      expect(await rows(fresh)).toEqual(was)
    }
    await same((a) => a.db.selectFrom("withdrawal").selectAll().where("user_id", "=", STUDENT.id).orderBy("id").execute(),
      (rows) => expect(rows.map((w) => w.status).sort()).toEqual([100, 2]))
    await same((a) => a.db.selectFrom("ledger").selectAll().where("user_id", "=", STUDENT.id).orderBy("id").execute(), (rows) => expect(rows).toHaveLength(5))
    await same((a) => a.db.selectFrom("wallet").selectAll().where("user_id", "=", STUDENT.id).execute(),
      (rows) => expect(rows).toEqual([{ user_id: STUDENT.id, money: 10_000 - 2_000 + 45, active_score: 5 }]))
    await same((a) => a.db.selectFrom("pay_trade").selectAll().orderBy("trade_no").execute(), (rows) => {
      expect(rows.find((r) => r.trade_no === donation.tradeNo)).toMatchObject({ status: "refunded", provider_ref: expect.any(String) })
      expect(rows.find((r) => r.trade_no === topUp.tradeNo)).toMatchObject({ status: "expired" })
    })
    await same((a) => a.db.selectFrom("donation").selectAll().execute(), (rows) => expect(rows).toHaveLength(1))
    await same((a) => a.db.selectFrom("sms_deposit").selectAll().orderBy("created_at").execute(), (rows) => expect(rows.map((d) => d.status)).toEqual(["expired", "paid"]))
    await same((a) => a.db.selectFrom("sms_credit_ledger").select(["worksite_id", "change", "reason", "trade_no", "note", "at"]).where("trade_no", "is not", null).execute(),
      (rows) => expect(rows).toEqual([expect.objectContaining({ trade_no: paidTopUp.tradeNo, reason: "deposit" })]))
    await same((a) => a.db.selectFrom("worksite").select(["id", "sms_credit"]).orderBy("id").execute())
    await same((a) => a.db.selectFrom("upload").selectAll().execute(), (rows) => expect(rows).toHaveLength(1))
    await same((a) => a.db.selectFrom("suggestion").select(["id", "pics", "created_at"]).execute())
  })
})
