/** Money movements: income (types 1 and 4) with '+', everything else (withdrawals, the pay-ins) with '-', points beside the money where a row moves them; page by page. */
import { List } from "antd-mobile"
import { showsAsIncome } from "#src/wallet/ledger"
import { PAID_OUT_TYPE } from "#src/wallet/money-history"
import { PagedFooter } from "../../../components/paged-footer"
import { failureMessage } from "../../../lib/api-client"
import { dateTime, signedYuan } from "../../../lib/format"
import { useMoneyRecords, type MoneyRecord } from "../api/money-records"

const typeNames: Record<number, string> = { 1: "收入", 4: "积分提现", [PAID_OUT_TYPE]: "支付" }

const pointsText = (score: number) => `${score > 0 ? "+" : ""}${score}积分`

/** The money moved, and the points moved as a fact of their own: a row that moves only points shows only them. */
const Amounts = (props: { readonly record: MoneyRecord }) => {
  const { money, score, type } = props.record
  if (money === 0 && score) {
    return <span className={score > 0 ? "money money--in" : "money money--out"} data-testid="money-record-amount">{pointsText(score)}</span>
  }
  const income = showsAsIncome(type)
  return (
    <>
      <span className={income ? "money money--in" : "money money--out"} data-testid="money-record-amount">{signedYuan(money, income)}</span>
      {score ? <div className="records__score" data-testid="money-record-points">{pointsText(score)}</div> : null}
    </>
  )
}

export const MoneyDetailList = (props: { readonly type: string }) => {
  const { items, hasMore, loadMore, error } = useMoneyRecords(props.type)
  return (
    <div className="records">
      {items.length > 0 ? (
        <List mode="card">
          {items.map((r) => (
            <List.Item key={r._id} data-testid="money-record" description={dateTime(r.createdAt)} extra={<Amounts record={r} />}>
              {r.remark || typeNames[r.type] || "支出"}
            </List.Item>
          ))}
        </List>
      ) : null}
      <PagedFooter loadMore={loadMore} hasMore={hasMore} empty={items.length === 0} emptyText="暂无记录" failedText={failureMessage(error, "获取资金流水失败")} />
    </div>
  )
}
