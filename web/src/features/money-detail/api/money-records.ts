/** Wallet money movements of one type, page by page (`GET /api/money/wxlist/{type}?pageNo=`; 0 all, 4 points). */
import { LedgerRecords, type LedgerView } from "#src/wallet/calls"
import { send } from "../../../lib/api-client"
import { usePages } from "../../../lib/paging"

export type MoneyRecord = LedgerView

export const fetchMoneyRecords = (type: string, pageNo: number, cursor?: string) =>
  send(LedgerRecords, `/api/money/wxlist/${encodeURIComponent(type)}`, { input: { pageNo, ...(cursor === undefined ? {} : { cursor }) } })

export const useMoneyRecords = (type: string) => usePages((pageNo, cursor) => fetchMoneyRecords(type, pageNo, cursor))
