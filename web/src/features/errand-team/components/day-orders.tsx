/**
 * A runner's "today data": the orders accepted today as the spreadsheet shows them, and the download link to
 * open on a computer (signed, valid for a few minutes; a new one is made each time the page loads).
 */
import { Button, List, Toast } from "antd-mobile"
import { EMPTY_EXPORT } from "#src/errand/export"
import { LoadFailed, Loading } from "../../../components/load-state"
import { dateTime } from "../../../lib/format"
import { useDayOrders } from "../api/team"
import "../errand-team.css"

export const DayOrders = (props: { readonly token: string | undefined }) => {
  const day = useDayOrders(props.token)
  if (day.loading) return <Loading />
  if (day.error || !day.data) return <LoadFailed error={day.error} fallback="获取跑腿单数据出错" onRetry={day.reload} />
  const { columns, rows, exportUrl, expiresAt } = day.data
  const link = `${window.location.origin}${exportUrl}`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      Toast.show({ content: "复制成功" })
    } catch {
      Toast.show({ content: "暂不支持复制功能" })
    }
  }
  return (
    <div className="day">
      <div className="day__link" data-testid="day-export">
        今日共 <b data-testid="day-count">{rows.length}</b> 单。在电脑浏览器打开下面的链接即可下载表格（{dateTime(expiresAt)} 前有效）：
        {rows.length > 0 ? <code data-testid="day-export-url">{link}</code> : <p className="placeholder">{EMPTY_EXPORT}</p>}
        {rows.length > 0 ? <Button size="small" color="primary" fill="outline" onClick={() => void copy()}>复制链接</Button> : null}
      </div>
      {rows.length > 0 ? (
        <List mode="card">
          {rows.map((row) => (
            <List.Item key={row[0]} data-testid="day-order" title={`${columns[0]}：${row[0]}`}>
              <div className="day__row">
                {row.slice(1).map((cell, i) => (cell ? <span key={i}>{columns[i + 1]}：{cell}　</span> : null))}
              </div>
            </List.Item>
          ))}
        </List>
      ) : null}
    </div>
  )
}
