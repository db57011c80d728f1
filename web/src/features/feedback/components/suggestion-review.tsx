/**
 * `/suggestionReview/{token}` (issue 20, not in the spec): the staff's inbox — their worksite's suggestions, every
 * site's for the head office — in tabs 待回复 (0), 已回复 (1), 已处理 (100), a page at a time with infinite scroll,
 * each leading to its thread. The tab is kept in the address (`?status=`), so coming back from a thread keeps it.
 */
import { Tabs, Tag } from "antd-mobile"
import { useLocation, useSearch } from "wouter"
import { feedbackMessages, isSuggestionStatus, SUGGESTION_STATUSES, SuggestionStatus, suggestionStatusName } from "#src/feedback/suggestion"
import { PagedFooter } from "../../../components/paged-footer"
import { failureMessage } from "../../../lib/api-client"
import { dateTime } from "../../../lib/format"
import { usePages } from "../../../lib/paging"
import { tokenPath } from "../../../lib/session"
import { fetchInbox, type ListedSuggestion } from "../api/suggestions"
import { StatusTag } from "./suggestion-detail"

const Card = (props: { readonly s: ListedSuggestion; readonly onOpen: () => void }) => {
  const { s } = props
  return (
    <div className="feedback-item" data-testid="suggestion-item" data-id={s._id} onClick={props.onOpen} role="link">
      <div className="feedback-item__head">
        <Tag color="default" fill="outline">{s.typeName}</Tag>
        <b className="feedback-item__title">{s.title}</b>
        <StatusTag status={s.status} />
      </div>
      <p className="feedback-item__content">{s.content}</p>
      <div className="feedback-item__meta">
        <span>{s.user.nickname || "用户"}</span>
        {s.pics.length > 0 ? <span>图片 {s.pics.length} 张</span> : null}
        <time>{dateTime(s.updatedAt)}</time>
      </div>
    </div>
  )
}

const TabList = (props: { readonly status: number; readonly token: string }) => {
  const [, navigate] = useLocation()
  const { items, hasMore, loadMore, error } = usePages((pageNo) => fetchInbox(props.status, pageNo))
  return (
    <div className="feedback-inbox__list" data-testid={`suggestion-list-${props.status}`}>
      {items.map((s) => (
        <Card key={s._id} s={s} onOpen={() => navigate(`/suggestionDetail/${encodeURIComponent(s._id)}/${tokenPath(props.token)}`)} />
      ))}
      <PagedFooter loadMore={loadMore} hasMore={hasMore} empty={items.length === 0} emptyText={`暂无${suggestionStatusName[props.status as SuggestionStatus] ?? ""}的反馈`}
        failedText={failureMessage(error, feedbackMessages.notFound)} />
    </div>
  )
}

export const SuggestionReview = (props: { readonly token: string }) => {
  const [, navigate] = useLocation()
  const asked = Number(new URLSearchParams(useSearch()).get("status") ?? SuggestionStatus.open)
  const status = isSuggestionStatus(asked) ? asked : SuggestionStatus.open
  return (
    <div className="feedback-inbox" data-testid="suggestion-review">
      <Tabs activeKey={String(status)} onChange={(key) => navigate(`/suggestionReview/${tokenPath(props.token)}?status=${key}`, { replace: true })}>
        {SUGGESTION_STATUSES.map((s) => (
          <Tabs.Tab key={String(s)} title={<span data-testid={`suggestion-tab-${s}`}>{suggestionStatusName[s]}</span>} />
        ))}
      </Tabs>
      <TabList key={status} status={status} token={props.token} />
    </div>
  )
}
