/** The user's withdrawal records: amount, fee, review status and time, loaded page by page. */
import { List, Tag } from "antd-mobile"
import { PagedFooter } from "../../../components/paged-footer"
import { WithdrawalStatus, withdrawalStatusLabel } from "#src/wallet/withdrawal"
import { failureMessage } from "../../../lib/api-client"
import { dateTime, yuan } from "../../../lib/format"
import { useWithdrawals } from "../api/withdrawals"

const statusColors: Record<number, string> = {
  [WithdrawalStatus.pending]: "warning",
  [WithdrawalStatus.approved]: "primary",
  [WithdrawalStatus.rejected]: "danger",
  [WithdrawalStatus.transferred]: "success"
}

export const WithdrawalList = () => {
  const { items, hasMore, loadMore, error } = useWithdrawals()
  return (
    <div className="records">
      {items.length > 0 ? (
        <List mode="card">
          {items.map((w) => {
            return (
              <List.Item
                key={w._id}
                data-testid="withdrawal-record"
                description={`${dateTime(w.createdAt)} · 手续费 ¥${yuan(w.fee)}`}
                extra={<Tag color={statusColors[w.status] ?? "default"} fill="outline">{withdrawalStatusLabel(w.status)}</Tag>}
              >
                <span className="records__money">¥{yuan(w.money)}</span>
              </List.Item>
            )
          })}
        </List>
      ) : null}
      <PagedFooter loadMore={loadMore} hasMore={hasMore} empty={items.length === 0} emptyText="暂无提现记录" failedText={failureMessage(error, "获取提现列表失败")} />
    </div>
  )
}
