import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { actor, outcome, recordingPorts, refused } from "../shared/ports.testkit"
import type { LedgerEntry } from "./ledger"
import { MoneyHistory, type MoneyRow } from "./money-history"
import { moveWallet } from "./settle"
import { applyWithdrawal, moneyRecords, pointsToMoney, reviewWithdrawal, transferWithdrawal, walletOf } from "./use-cases"
import { Payouts, WalletStore, type Wallet } from "./wallet-store"
import type { WithdrawalRecord } from "./withdrawal"
import type { StationOperation } from "../shared/ports"

const now = new Date("2026-03-02T04:00:00Z")
const MINUTE = 60_000

/** A wallet store that applies each ledger row to the balance, as the real one does in its transaction. */
const bank = (wallets: ReadonlyArray<Wallet>, withdrawals: ReadonlyArray<WithdrawalRecord> = [], payout: "ok" | "fail" = "ok") => {
  const byUser = new Map(wallets.map((w) => [w.userId, w]))
  const records = [...withdrawals]
  const ledger: Array<LedgerEntry> = []
  const statusChanges: Array<readonly [string, number, Date]> = []
  const transfers: Array<object> = []
  const sinces: Array<Date> = []
  const locks: Array<string> = []
  const ops: Array<StationOperation> = []
  const store = {
    find: (userId: string) => Effect.succeed(byUser.get(userId)),
    lock: (userId: string) => Effect.sync(() => (locks.push(userId), byUser.get(userId))),
    withdrawalsSince: (userId: string, since: Date) =>
      Effect.sync(() => (sinces.push(since), records.filter((r) => r.userId === userId && r.createdAt >= since))),
    insertWithdrawal: (record: WithdrawalRecord) => Effect.sync(() => void records.push(record)),
    lockWithdrawal: (id: string) => Effect.succeed(records.find((r) => r.id === id)),
    setWithdrawalStatus: (id: string, status: WithdrawalRecord["status"], at: Date) => Effect.sync(() => {
      statusChanges.push([id, status, at])
      const i = records.findIndex((r) => r.id === id)
      records[i] = { ...records[i]!, status }
    }),
    record: (entry: LedgerEntry) => Effect.sync(() => {
      ledger.push(entry)
      const w = byUser.get(entry.userId)!
      byUser.set(entry.userId, { ...w, money: w.money + entry.money, activeScore: w.activeScore + entry.score })
    }),
    listWithdrawals: () => Effect.die("unused"),
    listWithdrawalsByStatus: () => Effect.die("unused"),
    listLedger: () => Effect.die("unused")
  }
  const run = <A, E>(effect: Effect.Effect<A, E, any>) => {
    const ports = recordingPorts(now, ["w-1", "l-1", "l-2"])
    return outcome(ports.provide(effect).pipe(Effect.tap(() => Effect.sync(() => void ops.push(...ports.ops)))).pipe(
      Effect.provideService(WalletStore, store as never),
      Effect.provideService(Payouts, {
        transfer: (input) => Effect.sync(() => {
          transfers.push(input)
          return payout === "ok" ? { ok: true as const, reference: "ref-9" } : { ok: false as const, reason: "余额不足" }
        })
      })
    ) as Effect.Effect<A, E, never>)
  }
  return { byUser, records, ledger, statusChanges, transfers, sinces, locks, ops, run }
}

const alice: Wallet = { userId: "u1", openid: "o1", money: 10_000, activeScore: 95 }
const me = actor()
const pending = (over: Partial<WithdrawalRecord> = {}): WithdrawalRecord =>
  ({ id: "w0", userId: "u1", money: 5_000, fee: 30, status: 0, createdAt: new Date(now.getTime() - 10 * MINUTE), ...over })

describe("wallet use cases", () => {
  it("shows one's wallet, and a missing one as the spec's message", async () => {
    expect(await bank([alice]).run(walletOf(me))).toEqual({ ok: true, value: alice })
    expect(await bank([]).run(walletOf(me))).toMatchObject(refused("NotFound", "获取用户信息失败"))
  })

  it("a withdrawal takes the amount from the balance with a ledger row and a pending application carrying its fee", async () => {
    const b = bank([alice])
    expect(await b.run(applyWithdrawal(me, 2_000))).toEqual({ ok: true, value: { id: "w-1", money: 2_000, fee: 12, balance: 8_000 } })
    expect(b.records).toEqual([{ id: "w-1", userId: "u1", money: 2_000, fee: 12, status: 0, createdAt: now }])
    expect(b.ledger).toEqual([{ id: "l-1", userId: "u1", type: 2, money: -2_000, score: 0, remark: "提现申请", refType: "withdrawal", refId: "w-1", createdAt: now }])
    expect(b.byUser.get("u1")!.money).toBe(8_000)
    // the balance is read under the lock, and the one wallet door (settle.ts) takes it again for its ledger row
    expect(b.locks).toEqual(["u1", "u1"])
    // logged under the student with the ids drawn, so a replay writes the same withdrawal and ledger row
    expect(b.ops).toEqual([{
      op: "applyWithdrawal", actorOpenid: "o1", at: now, input: { money: 2_000 }, outcome: { id: "w-1", money: 2_000, fee: 12, balance: 8_000, ledgerId: "l-1" }
    }])
  })

  it("the limits look back from a minute before the Shanghai day began", async () => {
    const b = bank([alice])
    await b.run(applyWithdrawal(me, 2_000))
    expect(b.sinces).toEqual([new Date("2026-03-01T15:59:00Z")])
  })

  it("refuses without writing: a missing wallet, an amount above the balance, a second one within the minute", async () => {
    const none = bank([])
    expect(await none.run(applyWithdrawal(me, 2_000))).toMatchObject(refused("NotFound", "获取用户信息失败"))
    const poor = bank([alice])
    expect(await poor.run(applyWithdrawal(me, 10_001))).toMatchObject(refused("RuleViolation", "提现金额不能大于余额"))
    const hasty = bank([alice], [pending({ createdAt: new Date(now.getTime() - 30_000) })])
    expect(await hasty.run(applyWithdrawal(me, 2_000))).toMatchObject(refused("LimitReached", "每分钟只能提交一次提现申请"))
    for (const b of [none, poor, hasty]) expect(b.ops).toEqual([])
    for (const b of [poor, hasty]) {
      expect(b.ledger).toEqual([])
      expect(b.byUser.get("u1")!.money).toBe(10_000)
    }
    expect(hasty.records).toHaveLength(1)
  })

  it("points convert in blocks of 10 at half a fen each, with a ledger row that moves both", async () => {
    const b = bank([alice])
    expect(await b.run(pointsToMoney(me, 95))).toEqual({ ok: true, value: { points: 90, moneyFen: 45 } })
    expect(b.ledger).toEqual([{ id: "w-1", userId: "u1", type: 4, money: 45, score: -90, remark: "90积分兑换", refType: "pointsToMoney", refId: null, createdAt: now }])
    expect(b.byUser.get("u1")).toMatchObject({ money: 10_045, activeScore: 5 })
    expect(b.ops).toEqual([{ op: "pointsToMoney", actorOpenid: "o1", at: now, input: { points: 95 }, outcome: { points: 90, moneyFen: 45, ledgerId: "w-1" } }])
    expect(await bank([alice]).run(pointsToMoney(me, 20, 2))).toEqual({ ok: true, value: { points: 20, moneyFen: 40 } })
  })

  it("refuses too few or too many points, and a missing wallet, without a ledger row", async () => {
    const b = bank([alice])
    expect(await b.run(pointsToMoney(me, 9))).toMatchObject(refused("RuleViolation", "提现积分必须>=10"))
    expect(await b.run(pointsToMoney(me, 100))).toMatchObject(refused("RuleViolation", "对不起，您只有95积可提现"))
    expect(await bank([]).run(pointsToMoney(me, 10))).toMatchObject(refused("NotFound", "获取用户信息失败"))
    expect([b.ledger, b.ops]).toEqual([[], []])
  })
})

describe("withdrawal review and transfer", () => {
  it("approving moves a pending application on and refunds nothing", async () => {
    const b = bank([{ ...alice, money: 5_000 }], [pending()])
    expect(await b.run(reviewWithdrawal("w0", "approve"))).toMatchObject({ ok: true, value: { id: "w0", status: 1 } })
    expect(b.statusChanges).toEqual([["w0", 1, now]])
    expect(b.ledger).toEqual([])
    expect(b.locks).toEqual(["u1"])
    expect(b.ops).toEqual([{ op: "reviewWithdrawal", actorOpenid: "station-operator", at: now, input: { id: "w0", action: "approve" }, outcome: { id: "w0", status: 1, ledgerId: null } }])
  })

  it("rejecting gives the whole amount back with an income row", async () => {
    const b = bank([{ ...alice, money: 5_000 }], [pending()])
    expect(await b.run(reviewWithdrawal("w0", "reject"))).toMatchObject({ ok: true, value: { status: 2 } })
    expect(b.ledger).toEqual([{ id: "w-1", userId: "u1", type: 1, money: 5_000, score: 0, remark: "提现退回", refType: "withdrawal", refId: "w0", createdAt: now }])
    expect(b.byUser.get("u1")!.money).toBe(10_000)
    expect(b.ops).toEqual([{ op: "reviewWithdrawal", actorOpenid: "station-operator", at: now, input: { id: "w0", action: "reject" }, outcome: { id: "w0", status: 2, ledgerId: "w-1" } }])
  })

  it("an unknown or already decided application is refused and nothing moves", async () => {
    expect(await bank([alice]).run(reviewWithdrawal("nope", "approve"))).toMatchObject(refused("NotFound", "提现申请不存在"))
    const decided = bank([alice], [pending({ status: 2 })])
    expect(await decided.run(reviewWithdrawal("w0", "reject"))).toMatchObject(refused("StateConflict", "该提现申请已处理"))
    expect([decided.statusChanges, decided.ledger, decided.ops]).toEqual([[], [], []])
  })

  it("a transfer pays the amount less its fee to the user's openid, then marks it transferred", async () => {
    const b = bank([alice], [pending({ status: 1 })])
    expect(await b.run(transferWithdrawal("w0"))).toMatchObject({ ok: true, value: { status: 100, reference: "ref-9" } })
    expect(b.transfers).toEqual([{ withdrawalId: "w0", openid: "o1", amountFen: 4_970 }])
    expect(b.statusChanges).toEqual([["w0", 100, now]])
    expect(b.ops).toEqual([{ op: "payWithdrawal", actorOpenid: "station-operator", at: now, input: { id: "w0" }, outcome: { id: "w0", status: 100, reference: "ref-9" } }])
  })

  it("a failed payment, a pending or unknown application and a missing wallet leave the status alone", async () => {
    const failing = bank([alice], [pending({ status: 1 })], "fail")
    expect(await failing.run(transferWithdrawal("w0"))).toMatchObject(refused("StateConflict", "转账失败：余额不足"))
    const early = bank([alice], [pending()])
    expect(await early.run(transferWithdrawal("w0"))).toMatchObject(refused("StateConflict", "该提现申请尚未审核通过"))
    expect(await bank([alice]).run(transferWithdrawal("w0"))).toMatchObject(refused("NotFound", "提现申请不存在"))
    const orphan = bank([], [pending({ status: 1 })])
    expect(await orphan.run(transferWithdrawal("w0"))).toMatchObject(refused("NotFound", "获取用户信息失败"))
    // a refused transfer changes nothing, so nothing is logged
    for (const b of [failing, early, orphan]) expect([b.statusChanges, b.ops]).toEqual([[], []])
    expect([early.transfers, orphan.transfers]).toEqual([[], []])
  })
})

describe("the wallet's door and its lists", () => {
  it("a move for a user with no wallet is a defect naming the user and the move, and writes no row", async () => {
    const b = bank([alice])
    const move = { userId: "u9", type: 1 as const, money: 100, ref: "withdrawal" as const, refId: "w0", label: "提现退回", at: now }
    await expect(b.run(moveWallet(move))).rejects.toThrow("user u9 has no wallet for a withdrawal move")
    expect(b.ledger).toEqual([])
  })

  it("资金明细 (type 0) reads the money lines, paid-out trades included; another type reads that type's ledger rows", async () => {
    const page = <A>(results: ReadonlyArray<A>) => ({ results, pageNumber: 2, pageCount: 3, recordCount: 21 })
    const rows: ReadonlyArray<MoneyRow> = [
      { source: "ledger", id: "l-1", type: 1, money: 300, remark: "跑腿收入", at: now, orderNo: "PT1" },
      { source: "trade", id: "t-1", kind: "donation", money: -500, at: now, orderNo: null }
    ]
    const entry: LedgerEntry = { id: "l-2", userId: "u1", type: 4, money: 45, score: -90, remark: "90积分兑换", refType: "pointsToMoney", refId: null, createdAt: now }
    const asked: Array<unknown> = []
    const records = (type: number): Effect.Effect<unknown, never, MoneyHistory | WalletStore> => moneyRecords("u1", type, 2)
    const run = (type: number) => outcome(records(type).pipe(
      Effect.provideService(MoneyHistory, { list: (userId, p) => Effect.sync(() => (asked.push(["money", userId, p]), page(rows))) }),
      Effect.provideService(WalletStore, { listLedger: (userId: string, t: number, p: number) => Effect.sync(() => (asked.push(["ledger", userId, t, p]), page([entry]))) } as never)
    ))
    expect(await run(0)).toEqual({
      ok: true, value: page([
        { _id: "l-1", type: 1, money: 300, score: 0, remark: "跑腿收入（PT1）", createdAt: now },
        { _id: "t-1", type: 3, money: -500, score: 0, remark: "捐赠", createdAt: now }
      ])
    })
    expect(await run(4)).toEqual({ ok: true, value: page([{ _id: "l-2", type: 4, money: 45, score: -90, remark: "90积分兑换", createdAt: now }]) })
    expect(asked).toEqual([["money", "u1", 2], ["ledger", "u1", 4, 2]])
  })
})
