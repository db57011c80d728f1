/** The statistics routes (spec 001 §2, spec 002 §3; issue 20): `/tongji`, `/statisticsDetail` and the daily report `/dailyStatic`. */
import { LoadFailed } from "../../components/load-state"
import { Page } from "../../components/page"
import { DailyReport } from "../../features/statistics/components/daily-report"
import { StatisticsDetail } from "../../features/statistics/components/statistics-detail"
import { TongjiPage } from "../../features/statistics/components/tongji-page"
import { reportKeyOf } from "../../features/statistics/state/report-key"
import { adoptRouteToken } from "../../lib/session"
import "../../features/statistics/statistics.css"

const NO_TOKEN = "请从公众号菜单进入"

export const TongjiRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return <Page title="运营报表">{token ? <TongjiPage token={token} /> : <LoadFailed error={undefined} fallback={NO_TOKEN} />}</Page>
}

export const StatisticsDetailRoute = (props: { readonly params: { readonly id?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  const id = props.params.id ?? ""
  return <Page title="统计详情"><StatisticsDetail key={id} id={id} token={token} /></Page>
}

export const DailyStaticRoute = (props: { readonly params: { readonly date?: string } }) => {
  const date = props.params.date ?? ""
  return <Page title="运营日报"><DailyReport key={date} date={date} reportKey={reportKeyOf(window.location.hash)} /></Page>
}
