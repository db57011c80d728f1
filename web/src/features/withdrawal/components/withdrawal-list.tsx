/** The user's withdrawal records: amount, fee, review status and time, loaded page by page. */
import { List, Tag } from "antd-mobile"
import { PagedFooter } from "../../../components/paged-footer"
import { WithdrawalStatus } from "../../../../../src/wallet/withdrawal"
import { dateTime, yuan } from "../../../lib/format"
import { useWithdrawals } from "../api/withdrawals"

const statusView: Record<number, { text: string; color: string }> = {
  [WithdrawalStatus.pending]: { text: "待审核", color: "warning" },
  [WithdrawalStatus.approved]: { text: "已审核", color: "primary" },
  [WithdrawalStatus.rejected]: { text: "已驳回", color: "danger" },
  [WithdrawalStatus.transferred]: { text: "已到账", color: "success" }
}

export const WithdrawalList = () => {
  const { items, hasMore, loadMore } = useWithdrawals()
  return (
    <div className="records">
      {items.length > 0 ? (
        <List mode="card">
          {items.map((w) => {
            const status = statusView[w.status] ?? { text: String(w.status), color: "default" }
            return (
              <List.Item
                key={w._id}
                data-testid="withdrawal-record"
                description={`${dateTime(w.createdAt)} · 手续费 ¥${yuan(w.fee)}`}
                extra={<Tag color={status.color} fill="outline">{status.text}</Tag>}
              >
                <span className="records__money">¥{yuan(w.money)}</span>
              </List.Item>
            )
          })}
        </List>
      ) : null}
      <PagedFooter loadMore={loadMore} hasMore={hasMore} empty={items.length === 0} emptyText="暂无提现记录" />
    </div>
  )
}
