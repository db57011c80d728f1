/** `station payments reconcile --bill`: our trades against the provider's trade bill, as child processes over an embedded database. */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openDatabase } from "#adapters/postgres/database"
import { writeTradeBill, type BillLine } from "#adapters/payments/wechat-trade-bill"
import { summaryOf, type BillTrade } from "#src/payment/bill-reconcile"
import type { TradeStatus } from "#src/payment/trade"
import { billOf, paymentRow } from "#src/payment/trade-bill.testkit"
import { json, removeTempDirs, seededDataDir, station, tempDir } from "./station.testkit"

const SLOW = 240_000
const DAY = "2026-12-01"
const at = (time: string) => new Date(`${time}+08:00`)

/** Our trades around the bill's day: paid, paid and refunded, refunded from the day before, open, expired, paid the next day. */
const TRADES: ReadonlyArray<{ no: string; status: TradeStatus; fen: number; paid?: string; refunded?: string }> = [
  { no: "PB1", status: "paid", fen: 50, paid: "2026-12-01T10:00:00" },
  { no: "PB2", status: "paid", fen: 1999, paid: "2026-12-01T23:30:00" },
  { no: "PB3", status: "refunded", fen: 300, paid: "2026-12-01T09:00:00", refunded: "2026-12-01T15:00:00" },
  { no: "PB4", status: "refunded", fen: 120, paid: "2026-11-30T20:00:00", refunded: "2026-12-01T08:00:00" },
  { no: "PB5", status: "created", fen: 80 },
  { no: "PB6", status: "expired", fen: 80 },
  { no: "PB7", status: "paid", fen: 70, paid: "2026-12-02T00:10:00" }
]

describe("station payments reconcile --bill", () => {
  const dir = tempDir("payments-bill")
  const env = { DATA_DIR: dir }
  let ours: ReadonlyArray<BillTrade> = []
  const bill = (name: string, text: string) => {
    const file = join(dir, name)
    writeFileSync(file, text)
    return file
  }
  const reconcile = (...args: string[]) => station(["payments", "reconcile", ...args], env)

  beforeAll(async () => {
    await seededDataDir(dir, async ({ db }) => {
      await db.insertInto("pay_trade").values(TRADES.map((t) => ({
        trade_no: t.no, kind: "donation", ref_id: t.no, user_id: "u-student", amount_fen: t.fen, status: t.status, prepay_id: null, provider_ref: t.paid ? `4200${t.no}` : null,
        created_at: at("2026-11-30T08:00:00"), expires_at: at("2026-11-30T08:30:00"), paid_at: t.paid ? at(t.paid) : null, refunded_at: t.refunded ? at(t.refunded) : null
      }))).execute()
    })
    const database = await openDatabase({ kind: "pglite", dataDir: join(dir, "db") })
    try {
      ours = (await database.db.selectFrom("pay_trade").selectAll().orderBy("trade_no").execute()).map((r) => ({
        tradeNo: r.trade_no, status: r.status as TradeStatus, amountFen: r.amount_fen, paidAt: r.paid_at, refundedAt: r.refunded_at
      }))
    } finally {
      await database.close()
    }
  }, SLOW)

  afterAll(removeTempDirs)

  const rowsOfDay = () => billOf(ours, [DAY]).rows.map((r): BillLine => ({ ...r, refundNo: `R${r.tradeNo}`, transactionId: `4200${r.tradeNo}` }))

  it("a bill written from our trades of the day: exit 0, no difference", async () => {
    const rows = rowsOfDay()
    expect(rows.map((r) => `${r.status} ${r.tradeNo}`)).toEqual(["SUCCESS PB1", "SUCCESS PB2", "SUCCESS PB3", "REFUND PB3", "REFUND PB4"])
    const file = bill("same.csv", writeTradeBill(rows))
    const ok = await reconcile("--bill", file, "--json")
    expect(ok.code, ok.stderr).toBe(0)
    expect(json(ok)).toEqual({ bill: file, days: [DAY], rows: 5, trades: 4, differences: [] })
    const human = await station(["--lang", "en", "payments", "reconcile", "--bill", file], env)
    expect(human.code).toBe(0)
    expect(human.stdout).toBe(`Reconciled with the bill of ${DAY}: 5 rows, 4 trades of ours, no difference.\n`)
  }, SLOW)

  it("the provider's bill without one payment, with another amount for one, and with a payment of no trade of ours: exit 1 listing each", async () => {
    const rows = rowsOfDay().filter((r) => r.tradeNo !== "PB1")
      .map((r) => (r.tradeNo === "PB2" ? { ...r, orderFen: 1990, settledFen: 1990 } : r))
    const file = bill("differs.csv", writeTradeBill([...rows, paymentRow("FOREIGN9", 500, at("2026-12-01T12:00:00"))]))
    const bad = await reconcile("--bill", file, "--json")
    expect(bad.code).toBe(1)
    expect(json(bad).differences).toEqual([
      { tradeNo: "PB2", ours: { status: "paid", amountFen: 1999 }, bill: { status: "SUCCESS", amountFen: 1990 }, problem: "paid another amount than our trade's" },
      { tradeNo: "FOREIGN9", ours: null, bill: { status: "SUCCESS", amountFen: 500 }, problem: "paid at the provider, no trade of ours" },
      { tradeNo: "PB1", ours: { status: "paid", amountFen: 50 }, bill: null, problem: "paid on 2026-12-01 by our books, not in the bill" }
    ])
    const human = await station(["--lang", "en", "payments", "reconcile", "--bill", file], env)
    expect(human.code).toBe(1)
    expect(human.stdout).toMatch(/^3 differences with the bill of 2026-12-01:\ntrade\s+ours\s+bill\s+problem\n/)
    expect(human.stdout).toMatch(/PB2\s+paid 19\.99\s+SUCCESS 19\.90\s+paid another amount than our trade's/)
    expect(human.stdout).toMatch(/FOREIGN9\s+-\s+SUCCESS 5\.00\s+paid at the provider, no trade of ours/)
    expect(human.stdout).toMatch(/PB1\s+paid 0\.50\s+-\s+paid on 2026-12-01 by our books, not in the bill/)
  }, SLOW)

  it("a row deleted from the file by hand: the trade missing and the summary no longer the rows' sum", async () => {
    const lines = writeTradeBill(rowsOfDay()).split("\r\n")
    const file = bill("cut.csv", lines.filter((l) => !l.includes("`REFUND") || !l.includes("`PB4")).join("\r\n"))
    const bad = await reconcile("--bill", file, "--json")
    expect(bad.code).toBe(1)
    expect(json(bad).differences.map((d: { tradeNo: string | null; problem: string }) => [d.tradeNo, d.problem])).toEqual([
      ["PB4", "refunded on 2026-12-01 by our books, not in the bill"],
      [null, "the summary's 总交易单数 is 5, the bill has 4 rows: the file is truncated or edited"],
      [null, "the summary's 退款总金额 is 4.20, the rows add up to 3.00: the file is truncated or edited"],
      [null, "the summary's 申请退款总金额 is 4.20, the rows add up to 3.00: the file is truncated or edited"]
    ])
  }, SLOW)

  it("a bill without rows needs its day: with --date every trade of ours that day is missing from it", async () => {
    const file = bill("empty.csv", writeTradeBill([], summaryOf([])))
    const undated = await reconcile("--bill", file)
    expect(undated.code).toBe(2)
    expect(undated.stderr).toBe(`station: the bill ${file} has no rows: name its day with --date YYYY-MM-DD\n`)
    const dated = await reconcile("--bill", file, "--date", DAY, "--json")
    expect(dated.code).toBe(1)
    expect(json(dated).differences.map((d: { tradeNo: string }) => d.tradeNo)).toEqual(["PB4", "PB3", "PB3", "PB1", "PB2"])
    expect((await reconcile("--date", DAY)).code).toBe(2)
  }, SLOW)

  it("a damaged or missing file is a usage error naming the line, never a stack", async () => {
    const text = writeTradeBill(rowsOfDay()).replace("`19.99", "`19.9x")
    const file = bill("damaged.csv", text)
    const damaged = await reconcile("--bill", file, "--json")
    expect(damaged.code).toBe(2)
    const message = `station: ${file} is not a WeChat Pay trade bill: line 3: 应结订单金额 is "19.9x", not an amount in yuan with whole fen`
    expect(damaged.stderr).toBe(`${message}\n`)
    expect(json(damaged)).toEqual({ error: { tag: "UsageError", message } })
    const missing = await reconcile("--bill", join(dir, "nope.csv"))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe(`station: cannot read the bill ${join(dir, "nope.csv")}: ENOENT\n`)
    const notABill = await reconcile("--bill", bill("other.csv", "date,amount\n2026-12-01,0.50\n"))
    expect(notABill.code).toBe(2)
    expect(notABill.stderr).toMatch(/line 1: not a WeChat Pay trade bill \(ALL\): its first line must be the header/)
  }, SLOW)

  it("without --bill it reconciles the purposes as before", async () => {
    const purposes = await reconcile("--json")
    expect(Object.keys(json(purposes))).toEqual(["purposes", "trades", "mismatches", "smsCredit"])
  }, SLOW)
})
