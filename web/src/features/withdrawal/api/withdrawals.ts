/** The user's withdrawal applications, page by page (`GET /api/takecash/wxlist?pageNo=`). */
import { Schema } from "effect"
import { dataDecoder, request } from "../../../lib/api-client"
import { pageOf, usePages } from "../../../lib/paging"

export const Withdrawal = Schema.Struct({
  _id: Schema.String,
  money: Schema.Number,
  fee: Schema.Number,
  status: Schema.Number,
  createdAt: Schema.Union([Schema.String, Schema.Number])
})
export type Withdrawal = typeof Withdrawal.Type

const decodePage = dataDecoder(pageOf(Withdrawal))

export const fetchWithdrawals = (pageNo: number) => request("/api/takecash/wxlist", decodePage, { query: { pageNo } })

export const useWithdrawals = () => usePages(fetchWithdrawals)
