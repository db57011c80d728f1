/**
 * An announcement's page (spec 002 §2 activity detail): its title, its period and its HTML content (cleaned by the
 * server when it was written), and a back button; an ended one says 活动已结束 instead of its content.
 */
import { Button, ErrorBlock, NoticeBar } from "antd-mobile"
import { useLocation } from "wouter"
import { activityState, messages } from "#src/home/activity"
import { LoadFailed, Loading } from "../../../components/load-state"
import { dateTime } from "../../../lib/format"
import { tokenPath } from "../../../lib/session"
import { useActivity } from "../api/activity"
import "../activity.css"

export const ActivityDetailPage = (props: { readonly id: string | undefined; readonly token: string | undefined }) => {
  const activity = useActivity(props.id, props.token)
  const [, navigate] = useLocation()
  // opened from a shared link there is nothing to go back to: home instead
  const back = () => (window.history.length > 1 ? window.history.back() : navigate(props.token ? `/home/${tokenPath(props.token)}` : "/"))
  if (!props.token) return <LoadFailed error={undefined} fallback="请从公众号菜单进入" />
  if (activity.loading && !activity.data) return <Loading />
  if (activity.error || !activity.data) return <LoadFailed error={activity.error} fallback="获取活动详情失败" onRetry={activity.reload} />
  const a = activity.data
  const state = activityState(a, new Date())
  return (
    <article className="activity" data-testid="activity" data-state={state}>
      <h1 className="activity__title" data-testid="activity-title">{a.title}</h1>
      <p className="activity__period" data-testid="activity-period">活动时间：{dateTime(a.timeBegin)} 至 {dateTime(a.timeEnd)}</p>
      {state === "ended" ? (
        <ErrorBlock className="activity__ended" status="disconnected" title={messages.ended} description="感谢关注，请留意驿站的其他活动" data-testid="activity-ended" />
      ) : (
        <>
          {state === "upcoming" ? <NoticeBar content={messages.notStarted} color="info" data-testid="activity-upcoming" /> : null}
          <div className="activity__content" data-testid="activity-content" dangerouslySetInnerHTML={{ __html: a.content }} />
        </>
      )}
      <div className="page__actions">
        <Button block color="primary" fill="outline" data-testid="activity-back" onClick={back}>返回</Button>
      </div>
    </article>
  )
}
