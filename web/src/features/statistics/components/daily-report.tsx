/**
 * `/dailyStatic/{date}` (spec 001 §2, §9; issue 20): a day's six blocks, each with a line per worksite, and the
 * previous and next day. Opened by a report link, the key comes in the address's fragment (`#key=…`, never sent to
 * the server as part of the address) and goes as the bearer of the two report calls; a signed-in admin comes without
 * one and uses the session. A line opens its worksite's record of that day in place. A revoked or expired key is
 * told as such, not as an expired session.
 */
import { Button, Popup } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import { earliestDay, statisticsMessages } from "#src/statistics/access"
import { addDays, isDate, todayAt } from "#src/statistics/days"
import { LoadFailed, Loading } from "../../../components/load-state"
import { ApiFailure, credentialRefused } from "../../../lib/api-client"
import { yuan } from "../../../lib/format"
import { useLoad } from "../../../lib/use-load"
import { fetchDaily, fetchRecord, type DailyBlock, type DailyLine } from "../api/statistics"
import { RecordView } from "./record-view"

/** What the page says when the link's key no longer works (the server answers 401). */
export const KEY_REFUSED = "报表链接已失效，请向管理员索取新的链接"

const keyFailure = (error: unknown, key: string | undefined): unknown =>
  key !== undefined && credentialRefused(error) ? new ApiFailure(KEY_REFUSED, (error as ApiFailure).status) : error

const LineRow = (props: { readonly line: DailyLine; readonly money: boolean; readonly onOpen: (() => void) | undefined }) => {
  const { line } = props
  return (
    <div className={`stats-line${props.onOpen ? " stats-line--link" : ""}`} data-testid="daily-line" data-worksite={line.worksite}
      role={props.onOpen ? "link" : undefined} onClick={props.onOpen}>
      <span className="stats-line__name">{line.name}</span>
      <b className="stats-line__count" data-testid="daily-count">{line.count ?? "—"}</b>
      {props.money ? <span className="stats-line__money" data-testid="daily-money">{line.money === null ? "—" : `¥${yuan(line.money)}`}</span> : null}
    </div>
  )
}

const Block = (props: { readonly block: DailyBlock; readonly onOpen: (id: string) => void }) => {
  const { block } = props
  // a block the caller may not see (the new bindings, for a site's key) has no count on any line: left out, never 0
  if (block.detail.length > 0 && block.detail.every((l) => l.count === null)) return null
  const money = block.detail.some((l) => l.money !== null)
  return (
    <section className="stats-block" data-testid={`daily-block-${block.type}`}>
      <h3 className="stats-block__title">{block.name}</h3>
      {block.detail.length === 0 ? <p className="stats-block__empty">暂无网点</p> : block.detail.map((line) => {
        const id = line._id
        return <LineRow key={line.worksite} line={line} money={money} onOpen={id === null ? undefined : () => props.onOpen(id)} />
      })}
    </section>
  )
}

const OpenedRecord = (props: { readonly id: string; readonly reportKey: string | undefined }) => {
  const record = useLoad(() => fetchRecord(props.id, props.reportKey), [props.id, props.reportKey])
  if (record.loading) return <Loading />
  if (record.error !== undefined || !record.data) return <LoadFailed error={keyFailure(record.error, props.reportKey)} fallback={statisticsMessages.failed} />
  return <RecordView record={record.data} />
}

export const DailyReport = (props: { readonly date: string; readonly reportKey: string | undefined }) =>
  isDate(props.date) ? <Day date={props.date} reportKey={props.reportKey} /> : <LoadFailed error={undefined} fallback={statisticsMessages.badRange} />

const Day = (props: { readonly date: string; readonly reportKey: string | undefined }) => {
  const [, navigate] = useLocation()
  const [opened, setOpened] = useState<string | undefined>(undefined)
  const { date, reportKey } = props
  const now = new Date()
  const blocks = useLoad(() => fetchDaily(date, reportKey), [date, reportKey])
  const fragment = reportKey === undefined ? "" : `#key=${encodeURIComponent(reportKey)}`
  const go = (day: string) => navigate(`/dailyStatic/${day}${fragment}`, { replace: true })
  const prev = addDays(date, -1)
  const next = addDays(date, 1)
  return (
    <div className="stats-daily" data-testid="daily-report">
      <div className="stats-daily__nav">
        <Button size="small" fill="none" color="primary" data-testid="daily-prev" disabled={prev < earliestDay(now)} onClick={() => go(prev)}>‹ 前一天</Button>
        <b data-testid="daily-date">{date}</b>
        <Button size="small" fill="none" color="primary" data-testid="daily-next" disabled={next > todayAt(now)} onClick={() => go(next)}>后一天 ›</Button>
      </div>
      {blocks.loading ? <Loading /> : blocks.error !== undefined || !blocks.data
        ? <LoadFailed error={keyFailure(blocks.error, reportKey)} fallback={statisticsMessages.failed} onRetry={credentialRefused(blocks.error) ? undefined : blocks.reload} />
        : blocks.data.map((block) => <Block key={block.type} block={block} onOpen={setOpened} />)}
      <Popup visible={opened !== undefined} onMaskClick={() => setOpened(undefined)} onClose={() => setOpened(undefined)} bodyClassName="stats-popup" showCloseButton>
        {opened === undefined ? null : <OpenedRecord id={opened} reportKey={reportKey} />}
      </Popup>
    </div>
  )
}
