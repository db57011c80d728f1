/**
 * `/tongji/{token}` (spec 002 §3, issue 20): the operations report. A site picker (every site in scope, or one), a
 * date range (the last 7 days until the user picks, from 6 months back to today), a row per site with its figures
 * over the range, and, for the head office, the followers bound to no site. A row opens the site's figures today;
 * 查看日报 opens today's daily report. A site admin sees their site only, the new-user counts left out.
 */
import { Button, CalendarPicker, List, Picker } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import { earliestDay, DEFAULT_RANGE_DAYS, statisticsMessages } from "#src/statistics/access"
import { addDays, todayAt } from "#src/statistics/days"
import { LoadFailed, Loading } from "../../../components/load-state"
import { tokenPath } from "../../../lib/session"
import { step, useLoad } from "../../../lib/use-load"
import { ALL_SITES, fetchSites, fetchTongji, fetchUnbindCount, type TongjiRow, type TongjiSite } from "../api/statistics"
import { calendarDay, dayOfCalendar } from "../state/calendar-days"

/** The range the page shows: first and last day, both included. */
interface DayRange {
  readonly first: string
  readonly last: string
}

const lastDays = (today: string): DayRange => ({ first: addDays(today, 1 - DEFAULT_RANGE_DAYS), last: today })

const Figure = (props: { readonly label: string; readonly value: number | null; readonly testId: string }) =>
  props.value === null ? null : (
    <div className="stats-row__figure">
      <b data-testid={props.testId}>{props.value}</b>
      <span>{props.label}</span>
    </div>
  )

const Row = (props: { readonly row: TongjiRow; readonly onOpen: () => void }) => {
  const { row } = props
  return (
    <div className="stats-row" data-testid="tongji-row" data-id={row._id} role="link" onClick={props.onOpen}>
      <div className="stats-row__head">
        <b data-testid="tongji-row-name">{row.name}</b>
        <span>绑定用户 <b data-testid="tongji-bind">{row.bindCount}</b></span>
        <span className="stats-row__more">今日详情 ›</span>
      </div>
      <div className="stats-row__figures">
        <Figure label="入库" value={row.expessCount} testId="tongji-checked-in" />
        <Figure label="取件" value={row.liveOrderCount} testId="tongji-taken" />
        <Figure label="跑腿" value={row.paotuiCount} testId="tongji-errands" />
        <Figure label="短信" value={row.smsCount} testId="tongji-sms" />
        <Figure label="新绑定" value={row.newBindCount} testId="tongji-new-bind" />
        <Figure label="取消关注" value={row.unSubscribeCount} testId="tongji-unsubscribed" />
      </div>
    </div>
  )
}

const Rows = (props: { readonly site: string; readonly range: DayRange; readonly token: string }) => {
  const [, navigate] = useLocation()
  const { site, range } = props
  const rows = useLoad(() => fetchTongji(site, range.first, addDays(range.last, 1)), [site, range.first, range.last])
  if (rows.loading) return <Loading />
  if (rows.error !== undefined) return <LoadFailed error={rows.error} fallback={statisticsMessages.failed} onRetry={rows.reload} />
  return (
    <div className="stats-rows" data-testid="tongji-rows">
      {(rows.data ?? []).map((row) => (
        <Row key={row._id} row={row} onOpen={() => navigate(`/statisticsDetail/${encodeURIComponent(row._id)}/${tokenPath(props.token)}`)} />
      ))}
    </div>
  )
}

export const TongjiPage = (props: { readonly token: string }) => {
  const [, navigate] = useLocation()
  const today = todayAt(new Date())
  const [range, setRange] = useState<DayRange>(() => lastDays(today))
  const [site, setSite] = useState<string | undefined>(undefined)
  const [pickingSite, setPickingSite] = useState(false)
  const [pickingDays, setPickingDays] = useState(false)
  const scope = useLoad(async () => {
    const [sites, unbound] = await Promise.all([step(fetchSites(), statisticsMessages.failed), step(fetchUnbindCount(), statisticsMessages.failed)])
    return { sites, unbound }
  }, [props.token])
  if (scope.loading) return <Loading />
  if (scope.error !== undefined || !scope.data) return <LoadFailed error={scope.error} fallback={statisticsMessages.failed} onRetry={scope.reload} />
  const { sites, unbound } = scope.data
  const options: ReadonlyArray<TongjiSite | { readonly _id: string; readonly name: string }> =
    sites.length > 1 ? [{ _id: ALL_SITES, name: "全部网点" }, ...sites] : sites
  const chosen = site ?? options[0]?._id
  const chosenName = options.find((o) => o._id === chosen)?.name ?? ""
  return (
    <div className="stats-tongji" data-testid="tongji">
      <List mode="card" className="stats-filter">
        <List.Item title="网点" data-testid="tongji-site" clickable={options.length > 1} onClick={options.length > 1 ? () => setPickingSite(true) : undefined}
          extra={<span data-testid="tongji-site-name">{chosenName}</span>} />
        <List.Item title="日期" data-testid="tongji-days" clickable onClick={() => setPickingDays(true)}
          extra={<span data-testid="tongji-days-text">{range.first} 至 {range.last}</span>} />
      </List>
      {unbound === null ? null : (
        <div className="stats-unbound" data-testid="tongji-unbound">未绑定网点的关注用户 <b data-testid="tongji-unbound-count">{unbound}</b></div>
      )}
      {chosen === undefined ? <LoadFailed error={undefined} fallback={statisticsMessages.failed} /> : <Rows site={chosen} range={range} token={props.token} />}
      <div className="stats-actions">
        <Button block fill="outline" color="primary" data-testid="tongji-daily" onClick={() => navigate(`/dailyStatic/${today}`)}>查看日报</Button>
      </div>
      <Picker
        columns={[options.map((o) => ({ label: o.name, value: o._id }))]}
        visible={pickingSite}
        value={chosen === undefined ? [] : [chosen]}
        onClose={() => setPickingSite(false)}
        onConfirm={(v) => { if (typeof v[0] === "string") setSite(v[0]) }}
      />
      <CalendarPicker
        visible={pickingDays}
        selectionMode="range"
        title="选择统计日期"
        min={calendarDay(earliestDay(new Date()))}
        max={calendarDay(today)}
        defaultValue={[calendarDay(range.first), calendarDay(range.last)]}
        onClose={() => setPickingDays(false)}
        onConfirm={(picked) => { if (picked) setRange({ first: dayOfCalendar(picked[0]), last: dayOfCalendar(picked[1]) }) }}
      />
    </div>
  )
}
