/** The credit score with its colour (90+ good, 60–89 warning, under 60 poor) and its records, page by page. */
import { List } from "antd-mobile"
import { creditLevel, isCreditGain } from "#src/errand/credit"
import { PagedFooter } from "../../../components/paged-footer"
import { dateTime } from "../../../lib/format"
import { useCreditRecords } from "../api/team"
import "../errand-team.css"

const levelText = { success: "信用良好", warning: "信用一般", error: "信用较差" } as const

export const CreditRecords = (props: { readonly score: number | undefined }) => {
  const { items, hasMore, loadMore } = useCreditRecords()
  const level = props.score === undefined ? "success" : creditLevel(props.score)
  return (
    <div className="credit">
      <div className={`credit__head credit__head--${level}`} data-testid="credit-head">
        <div className="credit__score" data-testid="credit-score">{props.score ?? "--"}</div>
        <div className="credit__label">{props.score === undefined ? "信用分" : levelText[level]}</div>
      </div>
      {items.length > 0 ? (
        <List mode="card" header="信用分明细">
          {items.map((r, i) => (
            <List.Item
              key={`${i}-${String(r.createdAt)}`}
              data-testid="credit-record"
              description={dateTime(r.createdAt)}
              extra={<span className={isCreditGain(r.type) ? "credit-gain" : "credit-loss"}>{isCreditGain(r.type) ? `+${Math.abs(r.score)}` : `-${Math.abs(r.score)}`}</span>}
            >
              {r.remark}
            </List.Item>
          ))}
        </List>
      ) : null}
      <PagedFooter loadMore={loadMore} hasMore={hasMore} empty={items.length === 0} emptyText="暂无信用记录" />
    </div>
  )
}
