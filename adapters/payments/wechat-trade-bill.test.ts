import { fc, test } from "@fast-check/vitest"
import { describe, expect, it } from "vitest"
import { BillStatus, summaryOf, type BillRow } from "#src/payment/bill-reconcile"
import { paymentRow, refundRow } from "#src/payment/trade-bill.testkit"
import { BILL_HEADER, fenOfYuan, readTradeBill, writeTradeBill, type BillLine } from "./wechat-trade-bill"

const SUMMARY = "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额"

/** A bill as the provider publishes one: LF, no BOM, a goods name with a comma quoted, the count as `3.0`. */
const sample = [
  BILL_HEADER.join(","),
  "`2026-12-01 09:15:02,`wxab8acb865bb11234,`1900000109,`0,`,`4200000263202612011234567890,`P20261201A,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`JSAPI,`SUCCESS,`OTHERS,`CNY,`0.50,`0.00,`0,`0,`0.00,`0.00,`,`,`保管费,`,`0.00000,`0.60%,`0.50,`0.00,`",
  "`2026-12-01 12:00:59,`wxab8acb865bb11234,`1900000109,`0,`,`4200000263202612011234567891,`P20261201B,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`JSAPI,`SUCCESS,`OTHERS,`CNY,`19.99,`0.00,`0,`0,`0.00,`0.00,`,`,\"`跑腿, 西苑\",`,`0.12000,`0.60%,`19.99,`0.00,`",
  "`2026-12-01 23:59:59,`wxab8acb865bb11234,`1900000109,`0,`,`4200000263202612011234567890,`P20261201A,`oUpF8uMuAJO_M2pxb1Q9zNjWeS6o,`JSAPI,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`50000709672026120108420787722,`RP20261201A,`0.50,`0.00,`ORIGINAL,`SUCCESS,`保管费,`,`0.00000,`0.60%,`0.00,`0.50,`",
  SUMMARY,
  "`3.0,`20.49,`0.50,`0.0,`0.12,`20.49,`0.50",
  ""
].join("\n")

const at = (text: string) => new Date(`${text.replace(" ", "T")}+08:00`)

describe("readTradeBill: WeChat Pay's trade bill file", () => {
  it("reads each row's time, trade number, status and amounts in fen, and the summary", () => {
    expect(readTradeBill(sample)).toEqual({
      rows: [
        { at: at("2026-12-01 09:15:02"), tradeNo: "P20261201A", status: "SUCCESS", settledFen: 50, refundFen: 0, rechargeRefundFen: 0, feeFen: 0, orderFen: 50, appliedRefundFen: 0 },
        { at: at("2026-12-01 12:00:59"), tradeNo: "P20261201B", status: "SUCCESS", settledFen: 1999, refundFen: 0, rechargeRefundFen: 0, feeFen: 12, orderFen: 1999, appliedRefundFen: 0 },
        { at: at("2026-12-01 23:59:59"), tradeNo: "P20261201A", status: "REFUND", settledFen: 0, refundFen: 50, rechargeRefundFen: 0, feeFen: 0, orderFen: 0, appliedRefundFen: 50 }
      ],
      summary: { count: 3, settledFen: 2049, refundFen: 50, rechargeRefundFen: 0, feeFen: 12, orderFen: 2049, appliedRefundFen: 50 }
    })
  })

  it("reads the same bill after a BOM, with CRLF line ends and blank lines at the end", () => {
    expect(readTradeBill(`\uFEFF${sample.replaceAll("\n", "\r\n")}\r\n\r\n`)).toEqual(readTradeBill(sample))
  })

  it("reads a bill without rows", () => {
    expect(readTradeBill(`${BILL_HEADER.join(",")}\n${SUMMARY}\n\`0,\`0.00,\`0.00,\`0.00,\`0.00,\`0.00,\`0.00\n`)).toEqual({ rows: [], summary: summaryOf([]) })
  })

  it.each([
    ["0.29", 29], ["1.10", 110], ["19.99", 1999], ["0.01000", 1], ["3", 300], ["1.5", 150], ["-0.01", -1], ["-0.00", 0], ["4503599627370.49", 450359962737049]
  ])("yuan %s are %i fen, by their digits", (text, fen) => {
    expect(fenOfYuan(text)).toBe(fen)
  })

  it.each(["0.015", "1e3", "", "0,50", "¥1.00", ".50", "1.", "12345678901234.00"])("%j is no amount in whole fen", (text) => {
    expect(fenOfYuan(text)).toBeUndefined()
  })

  const row: fc.Arbitrary<BillLine> = fc.record({
    status: fc.constantFrom(...Object.values(BillStatus)),
    tradeNo: fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/),
    amountFen: fc.integer({ min: 1, max: 1_000_000_000 }),
    at: fc.integer({ min: Date.parse("2020-01-01T00:00:00Z"), max: Date.parse("2030-01-01T00:00:00Z") }).map((ms) => new Date(Math.floor(ms / 1000) * 1000)),
    body: fc.string({ unit: fc.constantFrom("a", "西", " ", ",", "\"", "`", "\n", "\r\n"), maxLength: 12 }),
    transactionId: fc.stringMatching(/^42\d{26}$/)
  }).map(({ status, tradeNo, amountFen, at, body, transactionId }): BillLine => ({
    ...(status === BillStatus.success ? paymentRow(tradeNo, amountFen, at) : { ...refundRow(tradeNo, amountFen, at), status }), body, transactionId
  }))

  const plain = ({ at, tradeNo, status, settledFen, refundFen, rechargeRefundFen, feeFen, orderFen, appliedRefundFen }: BillRow): BillRow =>
    ({ at, tradeNo, status, settledFen, refundFen, rechargeRefundFen, feeFen, orderFen, appliedRefundFen })

  test.prop([fc.array(row, { maxLength: 20 })])("a bill written from rows reads back as those rows and their summary", (lines) => {
    expect(readTradeBill(writeTradeBill(lines))).toEqual({ rows: lines.map(plain), summary: summaryOf(lines) })
  })

  it("writes the format as published: the header, every value after a backtick, yuan with two decimals, the summary", () => {
    const text = writeTradeBill([paymentRow("P1", 50, at("2026-12-01 10:00:00"))])
    expect(text.split("\r\n")).toEqual([
      `\uFEFF${BILL_HEADER.join(",")}`,
      "`2026-12-01 10:00:00,`wx0000000000000000,`1900000000,`0,`,`,`P1,`,`JSAPI,`SUCCESS,`OTHERS,`CNY,`0.50,`0.00,`0,`0,`0.00,`0.00,`,`,`,`,`0.00000,`0.60%,`0.50,`0.00,`",
      SUMMARY,
      "`1,`0.50,`0.00,`0.00,`0.00,`0.50,`0.00",
      ""
    ])
  })

  const lines = sample.split("\n")
  const edited = (n: number, text: string) => lines.map((l, i) => (i === n - 1 ? text : l)).join("\n")

  it.each([
    ["an empty file", "", "line 1: the file is empty, not a trade bill"],
    ["another CSV", "date,amount\n2026-12-01,0.50\n", "line 1: not a WeChat Pay trade bill (ALL): its first line must be the header: expected 交易时间,公众账号ID"],
    ["a row with a value missing", edited(2, lines[1]!.replace(",`0.60%", "")), "line 2: 26 values, the header has 27"],
    ["an amount with a fraction of a fen", edited(3, lines[2]!.replace("`19.99,`0.00,`0,", "`19.995,`0.00,`0,")), "line 3: 应结订单金额 is \"19.995\", not an amount in yuan with whole fen"],
    ["a time that is no time", edited(2, lines[1]!.replace("2026-12-01 09:15:02", "2026-12-32 09:15:02")), "line 2: 交易时间 is \"2026-12-32 09:15:02\", not a time like 2026-12-01 10:00:00"],
    ["an unknown status", edited(4, lines[3]!.replace("`REFUND", "`CLOSED")), "line 4: 交易状态 is \"CLOSED\", not one of SUCCESS, REFUND, REVOKED"],
    ["no trade number", edited(2, lines[1]!.replace("`P20261201A", "`")), "line 2: 商户订单号 is empty"],
    ["a file cut short in the rows", lines.slice(0, 3).join("\n"), "line 3: the rows end without the summary (总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额): the file is cut short"],
    ["a file cut short after the summary's header", lines.slice(0, 5).join("\n"), "line 5: the summary's header has no summary row after it: the file is cut short"],
    ["a summary whose count is no count", edited(6, lines[5]!.replace("`3.0", "`three")), "line 6: 总交易单数 is \"three\", not a number of rows"],
    ["text after the summary", `${sample}more\n`, "line 7: nothing may follow the summary row"],
    ["a quote left open", edited(3, lines[2]!.replace("\"`跑腿, 西苑\"", "\"`跑腿, 西苑")), "line 3: a quoted value is not closed"]
  ])("refuses %s, naming the line", (_, text, message) => {
    expect(() => readTradeBill(text)).toThrow(message)
  })
})
