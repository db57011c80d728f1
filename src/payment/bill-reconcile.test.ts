import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { BillStatus, billDays, reconcileBill, summaryOf, type BillRow, type BillTrade, type TradeBill } from "./bill-reconcile"
import { TradeStatus } from "./trade"
import { billOf, paymentRow, refundRow } from "./trade-bill.testkit"

const DAY = "2026-12-01"
/** 2026-12-01 00:00 in Asia/Shanghai. */
const START = Date.parse("2026-11-30T16:00:00Z")
const HOUR = 3_600_000

/** An instant from the day before the bill's day to the day after it. */
const instant = fc.integer({ min: START - 24 * HOUR, max: START + 48 * HOUR - 1 }).map((ms) => new Date(ms))

const trade = (tradeNo: string) =>
  fc.record({
    status: fc.constantFrom(...Object.values(TradeStatus)),
    amountFen: fc.integer({ min: 1, max: 1_000_000 }),
    paidAt: instant,
    refundLater: fc.integer({ min: 0, max: 24 * HOUR })
  }).map(({ status, amountFen, paidAt, refundLater }): BillTrade => ({
    tradeNo, status, amountFen,
    paidAt: status === TradeStatus.paid || status === TradeStatus.refunded ? paidAt : null,
    refundedAt: status === TradeStatus.refunded ? new Date(paidAt.getTime() + refundLater) : null
  }))

const trades = fc.uniqueArray(fc.stringMatching(/^P[0-9A-Z]{6}$/), { minLength: 1, maxLength: 12 })
  .chain((numbers) => fc.tuple(...numbers.map(trade)))

/** Our trades with a bill of the day that has at least one row, and the index of one of its rows. */
const withRow = trades.map((ts) => ({ ts, bill: billOf(ts, [DAY]) })).filter(({ bill }) => bill.rows.length > 0)
  .chain(({ ts, bill }) => fc.record({ ts: fc.constant(ts), bill: fc.constant(bill), index: fc.nat({ max: bill.rows.length - 1 }) }))

/** The bill the provider would send with these rows: its summary their sum. */
const billWith = (rows: ReadonlyArray<BillRow>): TradeBill => ({ rows, summary: summaryOf(rows) })

const changeAmount = (row: BillRow, by: number): BillRow =>
  row.status === BillStatus.success ? { ...row, orderFen: row.orderFen + by, settledFen: row.settledFen + by } : { ...row, appliedRefundFen: row.appliedRefundFen + by, refundFen: row.refundFen + by }

describe("reconcileBill: the provider's trade bill against our trades", () => {
  test.prop([trades])("a bill made from our own trades has no difference", (ts) => {
    expect(reconcileBill(billOf(ts, [DAY]), [DAY], ts)).toEqual([])
  })

  test.prop([withRow])("a row removed is one difference: that trade, in our books and not in the bill", ({ ts, bill, index }) => {
    const removed = bill.rows[index]!
    const differences = reconcileBill(billWith(bill.rows.filter((_, i) => i !== index)), [DAY], ts)
    expect(differences).toHaveLength(1)
    expect(differences[0]).toMatchObject({ tradeNo: removed.tradeNo, bill: null, ours: { amountFen: removed.orderFen || removed.appliedRefundFen } })
    expect(differences[0]!.problem).toMatch(removed.status === BillStatus.success ? /^paid on 2026-12-01 by our books, not in the bill$/ : /^refunded on 2026-12-01 by our books/)
  })

  test.prop([withRow, fc.integer({ min: -1_000, max: 1_000 }).filter((by) => by !== 0)])(
    "a row's amount changed is one difference naming that trade, with both amounts", ({ ts, bill, index }, by) => {
      const row = bill.rows[index]!
      const differences = reconcileBill(billWith(bill.rows.map((r, i) => (i === index ? changeAmount(r, by) : r))), [DAY], ts)
      const ours = ts.find((t) => t.tradeNo === row.tradeNo)!
      expect(differences).toEqual([{
        tradeNo: row.tradeNo, ours: { status: ours.status, amountFen: ours.amountFen }, bill: { status: row.status, amountFen: ours.amountFen + by },
        problem: row.status === BillStatus.success ? "paid another amount than our trade's" : "refunded another amount than our trade's"
      }])
    }
  )

  test.prop([trades, fc.constantFrom(BillStatus.success, BillStatus.refund), fc.integer({ min: 1, max: 10_000 })])(
    "a row for a trade we do not have is one difference, with nothing on our side", (ts, status, amount) => {
      const bill = billOf(ts, [DAY])
      const foreign = (status === BillStatus.success ? paymentRow : refundRow)("FOREIGN1", amount, new Date(START + HOUR))
      expect(reconcileBill(billWith([...bill.rows, foreign]), [DAY], ts)).toEqual([{
        tradeNo: "FOREIGN1", ours: null, bill: { status, amountFen: amount },
        problem: status === BillStatus.success ? "paid at the provider, no trade of ours" : "refunded at the provider, no trade of ours"
      }])
    }
  )

  test.prop([withRow, fc.integer({ min: 1, max: 1_000 })])("a row edited after the summary was made also fails the summary", ({ ts, bill, index }, by) => {
    const edited = { ...bill, rows: bill.rows.map((r, i) => (i === index ? changeAmount(r, by) : r)) }
    const differences = reconcileBill(edited, [DAY], ts)
    expect(differences.filter((d) => d.tradeNo === bill.rows[index]!.tradeNo)).toHaveLength(1)
    expect(differences.filter((d) => d.tradeNo === null).map((d) => d.problem)).toEqual(expect.arrayContaining([
      expect.stringMatching(bill.rows[index]!.status === BillStatus.success ? /^the summary's 订单总金额 is .*, the rows add up to / : /^the summary's 申请退款总金额 is /)
    ]))
  })

  it("a truncated file: the rows cut off are missing and the summary's count is not the rows'", () => {
    const ours: BillTrade[] = [
      { tradeNo: "P1", status: TradeStatus.paid, amountFen: 50, paidAt: new Date(START + HOUR), refundedAt: null },
      { tradeNo: "P2", status: TradeStatus.paid, amountFen: 150, paidAt: new Date(START + 2 * HOUR), refundedAt: null }
    ]
    const whole = billOf(ours, [DAY])
    expect(reconcileBill({ rows: whole.rows.slice(0, 1), summary: whole.summary }, [DAY], ours).map((d) => [d.tradeNo, d.problem])).toEqual([
      ["P2", "paid on 2026-12-01 by our books, not in the bill"],
      [null, "the summary's 总交易单数 is 2, the bill has 1 rows: the file is truncated or edited"],
      [null, "the summary's 应结订单总金额 is 2.00, the rows add up to 0.50: the file is truncated or edited"],
      [null, "the summary's 手续费总金额 is 0.01, the rows add up to 0.00: the file is truncated or edited"],
      [null, "the summary's 订单总金额 is 2.00, the rows add up to 0.50: the file is truncated or edited"]
    ])
  })

  it("a payment the bill has for a trade we never settled, and a refund for one we did not refund", () => {
    const at = new Date(START + HOUR)
    const ours: BillTrade[] = [
      { tradeNo: "OPEN", status: TradeStatus.created, amountFen: 50, paidAt: null, refundedAt: null },
      { tradeNo: "EXP", status: TradeStatus.expired, amountFen: 50, paidAt: null, refundedAt: null },
      { tradeNo: "PAID", status: TradeStatus.paid, amountFen: 80, paidAt: at, refundedAt: null }
    ]
    const bill = billWith([paymentRow("OPEN", 50, at), paymentRow("EXP", 50, at), paymentRow("PAID", 80, at), refundRow("PAID", 80, at)])
    expect(reconcileBill(bill, [DAY], ours)).toEqual([
      { tradeNo: "OPEN", ours: { status: "created", amountFen: 50 }, bill: { status: "SUCCESS", amountFen: 50 }, problem: "paid at the provider, our trade is created" },
      { tradeNo: "EXP", ours: { status: "expired", amountFen: 50 }, bill: { status: "SUCCESS", amountFen: 50 }, problem: "paid at the provider, our trade is expired" },
      { tradeNo: "PAID", ours: { status: "paid", amountFen: 80 }, bill: { status: "REFUND", amountFen: 80 }, problem: "refunded at the provider, our trade is paid" }
    ])
  })

  it("a revoked payment and a row listed twice are each a difference", () => {
    const at = new Date(START + HOUR)
    const ours: BillTrade[] = [{ tradeNo: "P1", status: TradeStatus.paid, amountFen: 50, paidAt: at, refundedAt: null }]
    const revoked: BillRow = { ...refundRow("P1", 50, at), status: BillStatus.revoked }
    expect(reconcileBill(billWith([paymentRow("P1", 50, at), paymentRow("P1", 50, at), revoked]), [DAY], ours).map((d) => d.problem)).toEqual([
      "listed more than once as SUCCESS",
      "revoked at the provider: the station never revokes a payment"
    ])
  })

  it("the bill's day is Asia/Shanghai's: a trade paid at 00:30 there (16:30 UTC the day before) belongs to it, one paid a minute before midnight not", () => {
    const ours: BillTrade[] = [
      { tradeNo: "EARLY", status: TradeStatus.paid, amountFen: 50, paidAt: new Date(START + 30 * 60_000), refundedAt: null },
      { tradeNo: "BEFORE", status: TradeStatus.paid, amountFen: 50, paidAt: new Date(START - 60_000), refundedAt: null }
    ]
    expect(reconcileBill(billWith([]), [DAY], ours)).toEqual([
      { tradeNo: "EARLY", ours: { status: "paid", amountFen: 50 }, bill: null, problem: "paid on 2026-12-01 by our books, not in the bill" }
    ])
  })

  it("a trade paid on the day before and refunded on the bill's day is expected as a refund only", () => {
    const ours: BillTrade[] = [{ tradeNo: "P1", status: TradeStatus.refunded, amountFen: 70, paidAt: new Date(START - HOUR), refundedAt: new Date(START + HOUR) }]
    expect(reconcileBill(billWith([refundRow("P1", 70, new Date(START + HOUR))]), [DAY], ours)).toEqual([])
    expect(reconcileBill(billWith([]), [DAY], ours).map((d) => d.problem)).toEqual(["refunded on 2026-12-01 by our books, not in the bill"])
  })

  it("billDays: the Asia/Shanghai days of the rows, each once, in order", () => {
    expect(billDays([paymentRow("A", 1, new Date(START + 20 * HOUR)), paymentRow("B", 1, new Date(START - HOUR)), paymentRow("C", 1, new Date(START))]))
      .toEqual(["2026-11-30", "2026-12-01"])
  })
})
