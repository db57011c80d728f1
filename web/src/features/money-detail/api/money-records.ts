/** Wallet money movements of one type, page by page (`GET /api/money/wxlist/{type}?pageNo=`; 0 all, 4 points). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { pageOf, usePages } from "../../../lib/paging"

export const MoneyRecord = Schema.Struct({
  _id: Schema.String,
  type: Schema.Number,
  money: Schema.Number,
  score: Schema.optional(Schema.NullOr(Schema.Number)),
  remark: Schema.optional(Schema.NullOr(Schema.String)),
  createdAt: Schema.Union([Schema.String, Schema.Number])
})
export type MoneyRecord = typeof MoneyRecord.Type

const decodePage = dataDecoder(pageOf(MoneyRecord))

export const fetchMoneyRecords = (type: string, pageNo: number) =>
  request(`/api/money/wxlist/${encodeURIComponent(type)}`, decodePage, { query: { pageNo } })

export const useMoneyRecords = (type: string) => usePages((pageNo) => fetchMoneyRecords(type, pageNo))
