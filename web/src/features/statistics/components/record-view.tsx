/**
 * One worksite's day (`/statisticsDetail`, and a line of the daily report opened in place): its figures in groups,
 * each labelled as the core's FIGURES name it and money in yuan by the one display rule. A figure the caller may not
 * see (null) is left out, never shown as 0; today's figures say when they were counted.
 */
import { List, Tag } from "antd-mobile"
import { FIGURES, type FigureKey } from "#src/statistics/figures"
import { dateTime, yuan } from "../../../lib/format"
import type { StatisticsRecord } from "../api/statistics"

const GROUPS: ReadonlyArray<{ readonly title: string; readonly keys: ReadonlyArray<FigureKey> }> = [
  { title: "包裹", keys: ["checkedIn", "handedOut", "lockerOut", "onShelf", "overdue", "returned"] },
  { title: "寄件", keys: ["sendings", "sendingIncome"] },
  { title: "跑腿", keys: ["doorDeliveries", "doorPickups", "errandsPaid", "errandsCompleted", "errandIncome"] },
  { title: "用户", keys: ["newFollowers", "newBindings", "verifications", "runners"] },
  { title: "短信", keys: ["smsCount", "smsCost"] }
]

const valueOf = (record: StatisticsRecord, key: FigureKey): number | null =>
  (record as unknown as Record<string, number | null>)[FIGURES[key].wire] ?? null

const shown = (key: FigureKey, value: number): string => (FIGURES[key].money ? `¥${yuan(value)}` : String(value))

export const RecordView = (props: { readonly record: StatisticsRecord }) => {
  const { record } = props
  return (
    <div className="stats-record" data-testid="stats-record" data-id={record._id}>
      <b className="stats-record__site" data-testid="stats-record-site">{record.worksite.fullName || record.worksite.name}</b>
      <div className="stats-record__head">
        <span className="stats-record__day" data-testid="stats-record-day">{record.time}</span>
        {record.live ? <Tag color="primary" fill="outline">今日实时</Tag> : null}
      </div>
      <p className="stats-record__note">{record.live ? `截至 ${dateTime(record.computedAt)}，今日数据仍在变化` : `统计于 ${dateTime(record.computedAt)}`}</p>
      {GROUPS.map((group) => {
        const rows = group.keys.flatMap((key) => {
          const value = valueOf(record, key)
          return value === null ? [] : [{ key, value }]
        })
        return rows.length === 0 ? null : (
          <List key={group.title} header={group.title} className="stats-record__group">
            {rows.map(({ key, value }) => (
              <List.Item key={key} extra={<span className="stats-figure" data-testid={`stats-figure-${FIGURES[key].wire}`}>{shown(key, value)}</span>}>
                {FIGURES[key].label}
              </List.Item>
            ))}
          </List>
        )
      })}
    </div>
  )
}
