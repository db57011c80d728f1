/** The user's withdrawal applications, page by page (`GET /api/takecash/wxlist?pageNo=`). */
import { Withdrawals } from "#src/wallet/calls"
import { send } from "../../../lib/api-client"
import { usePages } from "../../../lib/paging"

export const fetchWithdrawals = (pageNo: number, cursor?: string) =>
  send(Withdrawals, "/api/takecash/wxlist", { input: { pageNo, ...(cursor === undefined ? {} : { cursor }) } })

export const useWithdrawals = () => usePages(fetchWithdrawals)
