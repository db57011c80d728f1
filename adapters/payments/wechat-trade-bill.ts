/**
 * WeChat Pay's trade bill file (交易账单: API v3 `GET /v3/bill/tradebill`, bill_type ALL), read into the bill's rows and
 * summary in fen, and written from them in the same format (for the tests and a stand-in provider). The file is UTF-8,
 * maybe after a BOM: a header row, a row per payment or refund, the summary's header and the summary row; values are
 * comma-separated, each after a backtick, double-quoted when they hold a comma, a quote or a line break; amounts in yuan.
 */
import { BillStatus, SUMMARY_TOTALS, summaryOf, type BillAmounts, type BillRow, type BillSummary, type TradeBill } from "#src/payment/bill-reconcile"
import { yuan } from "#src/shared/money"
import { shanghaiDateTime } from "#src/shared/time"

export const BILL_HEADER = [
  "交易时间", "公众账号ID", "商户号", "特约商户号", "设备号", "微信订单号", "商户订单号", "用户标识", "交易类型", "交易状态", "付款银行", "货币种类",
  "应结订单金额", "代金券金额", "微信退款单号", "商户退款单号", "退款金额", "充值券退款金额", "退款类型", "退款状态", "商品名称", "商户数据包",
  "手续费", "费率", "订单金额", "申请退款金额", "费率备注"
] as const
type BillColumn = (typeof BILL_HEADER)[number]

export const SUMMARY_HEADER = ["总交易单数", ...Object.values(SUMMARY_TOTALS)] as const

/** The row's column of each amount. */
const AMOUNT_COLUMNS = {
  settledFen: "应结订单金额", refundFen: "退款金额", rechargeRefundFen: "充值券退款金额", feeFen: "手续费", orderFen: "订单金额", appliedRefundFen: "申请退款金额"
} as const satisfies Record<keyof BillAmounts, BillColumn>
const AMOUNT_KEYS = Object.keys(AMOUNT_COLUMNS) as ReadonlyArray<keyof BillAmounts>

/** A file that is no trade bill, or a damaged one: the message names the line. */
export class MalformedBill extends Error {
  constructor(readonly line: number, problem: string) {
    super(`line ${line}: ${problem}`)
  }
}

interface CsvRecord {
  readonly line: number
  readonly values: ReadonlyArray<string>
}

/** The file's records, each with the line it starts on; blank lines left out. */
const recordsOf = (text: string): ReadonlyArray<CsvRecord> => {
  const records: CsvRecord[] = []
  let values: string[] = []
  let value = ""
  let quoted = false
  let line = 1
  let start = 1
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch !== "\"") {
        value += ch
        if (ch === "\n") line++
      } else if (text[i + 1] === "\"") {
        value += ch
        i++
      } else quoted = false
    } else if (ch === "\"" && (value === "" || value === "`")) quoted = true
    else if (ch === ",") {
      values.push(value)
      value = ""
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++
      records.push({ line: start, values: [...values, value] })
      values = []
      value = ""
      start = ++line
    } else value += ch
  }
  if (quoted) throw new MalformedBill(start, "a quoted value is not closed")
  if (value !== "" || values.length > 0) records.push({ line: start, values: [...values, value] })
  return records.filter((r) => r.values.length > 1 || r.values[0]!.trim() !== "")
}

const unmarked = (value: string) => value.trim().replace(/^`/, "")

const expectHeader = (record: CsvRecord, header: ReadonlyArray<string>, what: string) => {
  if (record.values.map(unmarked).join(",") !== header.join(",")) throw new MalformedBill(record.line, `not ${what}: expected ${header.join(",")}`)
}

const valuesOf = <C extends string>(record: CsvRecord, header: ReadonlyArray<C>): Record<C, string> => {
  if (record.values.length !== header.length) throw new MalformedBill(record.line, `${record.values.length} values, the header has ${header.length}`)
  return Object.fromEntries(header.map((name, i) => [name, unmarked(record.values[i]!)])) as Record<C, string>
}

/** Yuan as the bill writes them (`0.50`, `0.01000`, `3`, `-1.05`) to whole fen by their digits, never through a float; undefined for anything else. */
export const fenOfYuan = (text: string): number | undefined => {
  const m = /^(-?)(\d{1,13})(?:\.(\d+))?$/.exec(text)
  if (!m || /[1-9]/.test((m[3] ?? "").slice(2))) return undefined
  const fen = Number(m[2]) * 100 + Number(((m[3] ?? "") + "00").slice(0, 2))
  return m[1] && fen !== 0 ? -fen : fen
}

const amountOf = (values: Record<string, string>, column: string, line: number): number => {
  const fen = fenOfYuan(values[column]!)
  if (fen === undefined) throw new MalformedBill(line, `${column} is "${values[column]}", not an amount in yuan with whole fen`)
  return fen
}

/** 交易时间, Asia/Shanghai wall time `2026-12-01 10:00:00`. */
const timeOf = (text: string, line: number): Date => {
  const at = new Date(`${text.replace(" ", "T")}+08:00`)
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) || Number.isNaN(at.getTime()) || shanghaiDateTime(at) !== `${text} +08:00`) {
    throw new MalformedBill(line, `交易时间 is "${text}", not a time like 2026-12-01 10:00:00`)
  }
  return at
}

const statuses: ReadonlyArray<string> = Object.values(BillStatus)

const rowOf = (record: CsvRecord): BillRow => {
  const values = valuesOf(record, BILL_HEADER)
  const status = values.交易状态
  if (!statuses.includes(status)) throw new MalformedBill(record.line, `交易状态 is "${status}", not one of ${statuses.join(", ")}`)
  if (values.商户订单号 === "") throw new MalformedBill(record.line, "商户订单号 is empty")
  return {
    at: timeOf(values.交易时间, record.line), tradeNo: values.商户订单号, status: status as BillStatus,
    ...Object.fromEntries(AMOUNT_KEYS.map((key) => [key, amountOf(values, AMOUNT_COLUMNS[key], record.line)])) as unknown as BillAmounts
  }
}

const summaryRowOf = (record: CsvRecord): BillSummary => {
  const values = valuesOf(record, SUMMARY_HEADER)
  const count = /^(\d{1,9})(\.0+)?$/.exec(values.总交易单数)
  if (!count) throw new MalformedBill(record.line, `总交易单数 is "${values.总交易单数}", not a number of rows`)
  return { count: Number(count[1]), ...Object.fromEntries(AMOUNT_KEYS.map((key) => [key, amountOf(values, SUMMARY_TOTALS[key], record.line)])) as unknown as BillAmounts }
}

/** The bill in a file's text; a MalformedBill naming the line for anything else. */
export const readTradeBill = (text: string): TradeBill => {
  const records = recordsOf(text.replace(/^\uFEFF/, ""))
  const [header, ...rest] = records
  if (!header) throw new MalformedBill(1, "the file is empty, not a trade bill")
  expectHeader(header, BILL_HEADER, "a WeChat Pay trade bill (ALL): its first line must be the header")
  const end = rest.findIndex((r) => unmarked(r.values[0]!) === SUMMARY_HEADER[0])
  if (end < 0) throw new MalformedBill(records.at(-1)!.line, `the rows end without the summary (${SUMMARY_HEADER.join(",")}): the file is cut short`)
  expectHeader(rest[end]!, SUMMARY_HEADER, "the summary's header")
  const summary = rest[end + 1]
  if (!summary) throw new MalformedBill(rest[end]!.line, "the summary's header has no summary row after it: the file is cut short")
  const after = rest[end + 2]
  if (after) throw new MalformedBill(after.line, "nothing may follow the summary row")
  return { rows: rest.slice(0, end).map(rowOf), summary: summaryRowOf(summary) }
}

/** A row to write: the bill's row and, when known, the provider's own numbers and the goods' name. */
export interface BillLine extends BillRow {
  readonly transactionId?: string
  readonly refundId?: string
  readonly refundNo?: string
  readonly body?: string
}

export interface Merchant {
  readonly appId: string
  readonly mchId: string
}

const marked = (value: string) => (/[",\r\n]/.test(value) ? `"\`${value.replaceAll("\"", "\"\"")}"` : `\`${value}`)

const lineValues = (line: BillLine, merchant: Merchant): Record<BillColumn, string> => {
  const refund = line.status !== BillStatus.success
  return {
    交易时间: shanghaiDateTime(line.at).slice(0, 19), 公众账号ID: merchant.appId, 商户号: merchant.mchId, 特约商户号: "0", 设备号: "",
    微信订单号: line.transactionId ?? "", 商户订单号: line.tradeNo, 用户标识: "", 交易类型: "JSAPI", 交易状态: line.status, 付款银行: "OTHERS", 货币种类: "CNY",
    应结订单金额: yuan(line.settledFen), 代金券金额: yuan(refund ? 0 : line.orderFen - line.settledFen),
    微信退款单号: refund ? line.refundId ?? "" : "0", 商户退款单号: refund ? line.refundNo ?? "" : "0",
    退款金额: yuan(line.refundFen), 充值券退款金额: yuan(line.rechargeRefundFen), 退款类型: refund ? "ORIGINAL" : "", 退款状态: refund ? "SUCCESS" : "",
    商品名称: line.body ?? "", 商户数据包: "", 手续费: `${yuan(line.feeFen)}000`, 费率: "0.60%", 订单金额: yuan(line.orderFen), 申请退款金额: yuan(line.appliedRefundFen), 费率备注: ""
  }
}

const rowText = (values: Record<BillColumn, string>) => BILL_HEADER.map((column) => marked(values[column])).join(",")

/** The file of a bill with these rows, as WeChat Pay writes it (BOM, CRLF); its summary the sum of the rows unless given. */
export const writeTradeBill = (
  lines: ReadonlyArray<BillLine>,
  summary: BillSummary = summaryOf(lines),
  merchant: Merchant = { appId: "wx0000000000000000", mchId: "1900000000" }
): string => {
  const totals = [String(summary.count), ...AMOUNT_KEYS.map((key) => yuan(summary[key]))]
  return `\uFEFF${[
    BILL_HEADER.join(","),
    ...lines.map((line) => rowText(lineValues(line, merchant))),
    SUMMARY_HEADER.join(","),
    totals.map(marked).join(",")
  ].join("\r\n")}\r\n`
}
