/** Money movements: income (types 1 and 4) with '+', everything else with '-', loaded page by page. */
import { List } from "antd-mobile"
import { PagedFooter } from "../../../components/paged-footer"
import { dateTime, yuan } from "../../../lib/format"
import { useMoneyRecords, type MoneyRecord } from "../api/money-records"

const INCOME_TYPES: ReadonlyArray<number> = [1, 4]

const typeNames: Record<number, string> = { 1: "收入", 4: "积分提现" }

const isIncome = (r: MoneyRecord) => INCOME_TYPES.includes(r.type)

export const MoneyDetailList = (props: { readonly type: string }) => {
  const { items, hasMore, loadMore } = useMoneyRecords(props.type)
  return (
    <div className="records">
      {items.length > 0 ? (
        <List mode="card">
          {items.map((r) => (
            <List.Item
              key={r._id}
              data-testid="money-record"
              description={dateTime(r.createdAt)}
              extra={
                <span className={isIncome(r) ? "money money--in" : "money money--out"}>
                  {isIncome(r) ? "+" : "-"}{yuan(Math.abs(r.money))}
                </span>
              }
            >
              {r.remark || typeNames[r.type] || "支出"}
              {r.score ? <span className="records__score">（{r.score}积分）</span> : null}
            </List.Item>
          ))}
        </List>
      ) : null}
      <PagedFooter loadMore={loadMore} hasMore={hasMore} empty={items.length === 0} emptyText="暂无记录" />
    </div>
  )
}
