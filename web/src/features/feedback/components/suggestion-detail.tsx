/**
 * `/suggestionDetail/{id}/{token}` (spec 001 §2; issue 20): the suggestion with its pictures and the thread under it,
 * the caller's own messages on the right as chat apps show them and staff replies marked (客服 to the author,
 * 工作人员 to other staff); a reply box /256 checked by the core's `replyRefusal` ('回复失败' when the server gave no
 * words). A staff reply arrives live (`suggestionReplied`). Staff (the answer's `staff`) may mark it handled after a
 * confirm ('处理成功', or 409 '该反馈已处理'); a handled one shows 已处理 and no reply box.
 */
import { Button, Dialog, ImageViewer, Tag, TextArea, Toast } from "antd-mobile"
import { useEffect, useRef, useState } from "react"
import { FeedbackLimits, feedbackMessages, replyRefusal, SuggestionStatus, suggestionStatusName, isSuggestionStatus } from "#src/feedback/suggestion"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage, newIdempotencyKey } from "../../../lib/api-client"
import { dateTime, thumbnailSrc } from "../../../lib/format"
import { useSocketEvent } from "../../../lib/socket"
import { useAction } from "../../../lib/use-action"
import { handleSuggestion, replySuggestion, SUGGESTION_REPLIED, useSuggestion, type SuggestionReply, type SuggestionThread } from "../api/suggestions"

const statusColors: Record<number, string> = { [SuggestionStatus.open]: "warning", [SuggestionStatus.answered]: "primary", [SuggestionStatus.handled]: "success" }

export const statusText = (status: number) => (isSuggestionStatus(status) ? suggestionStatusName[status] : "--")

export const StatusTag = (props: { readonly status: number }) => (
  <Tag color={statusColors[props.status] ?? "default"} fill="outline" data-testid="suggestion-status">{statusText(props.status)}</Tag>
)

/** Who wrote a message, as the reader sees it. */
const writer = (r: SuggestionReply, readerIsStaff: boolean) =>
  r.mine ? "我" : r.byStaff ? (readerIsStaff ? "工作人员" : "客服") : (r.nickname || "用户")

export const Pictures = (props: { readonly pics: ReadonlyArray<string>; readonly testId: string }) =>
  props.pics.length === 0 ? null : (
    <div className="feedback-pics" data-testid={props.testId}>
      {props.pics.map((url, i) => (
        <img key={url} src={thumbnailSrc(url, 128)} alt={`图片${i + 1}`} onClick={() => ImageViewer.Multi.show({ images: [...props.pics], defaultIndex: i })} />
      ))}
    </div>
  )

const Thread = (props: { readonly s: SuggestionThread }) => {
  const { s } = props
  const last = useRef<HTMLDivElement>(null)
  const seen = useRef(s.replies.length)
  useEffect(() => {
    // a new message (sent or arrived live) scrolls into view; the first load stays at the top
    if (s.replies.length > seen.current) last.current?.scrollIntoView({ block: "nearest", behavior: "smooth" })
    seen.current = s.replies.length
  }, [s.replies.length])
  if (s.replies.length === 0) {
    return <p className="feedback-thread__empty" data-testid="suggestion-thread-empty">{s.staff ? "还没有人回复" : "暂无回复，工作人员会尽快处理"}</p>
  }
  return (
    <div className="feedback-thread" data-testid="suggestion-thread">
      {s.replies.map((r, i) => (
        <div key={r._id} ref={i === s.replies.length - 1 ? last : undefined}
          className={`feedback-msg ${r.mine ? "feedback-msg--mine" : ""} ${r.byStaff ? "feedback-msg--staff" : ""}`}
          data-testid="suggestion-reply" data-mine={r.mine} data-staff={r.byStaff}>
          <div className="feedback-msg__who">
            {r.byStaff && !r.mine ? <Tag color="primary" fill="solid" className="feedback-msg__badge">{writer(r, s.staff)}</Tag> : <span>{writer(r, s.staff)}</span>}
            <time>{dateTime(r.createdAt)}</time>
          </div>
          <div className="feedback-msg__bubble" data-testid="suggestion-reply-content">{r.content}</div>
        </div>
      ))}
    </div>
  )
}

const ReplyBox = (props: { readonly id: string; readonly onSent: () => void }) => {
  const [text, setText] = useState("")
  const send = useAction(async () => {
    const refused = replyRefusal(text)
    if (refused) return void Toast.show({ content: refused.message })
    try {
      await replySuggestion(props.id, text.trim(), newIdempotencyKey())
      setText("")
      Toast.show({ icon: "success", content: feedbackMessages.replied })
      props.onSent()
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, feedbackMessages.replyFailed) })
      // handled meanwhile: show it so (the box goes); any other failure keeps the page and what was typed
      if (failureMessage(error, "") === feedbackMessages.handled) props.onSent()
    }
  })
  return (
    <div className="feedback-reply" data-testid="suggestion-reply-box">
      <TextArea data-testid="suggestion-reply-input" className="feedback-reply__input" value={text} onChange={setText} maxLength={FeedbackLimits.reply} showCount
        autoSize={{ minRows: 1, maxRows: 4 }} placeholder={`回复内容，${FeedbackLimits.minReply}-${FeedbackLimits.reply}个字`} />
      <Button color="primary" size="small" data-testid="suggestion-reply-send" loading={send.pending} disabled={send.pending} onClick={() => void send.run()}>发送</Button>
    </div>
  )
}

export const SuggestionDetailPage = (props: { readonly id: string; readonly token: string }) => {
  const detail = useSuggestion(props.id, props.token || undefined)
  useSocketEvent<{ readonly _id?: string }>(props.token || undefined, SUGGESTION_REPLIED, (payload) => {
    if (payload?._id === props.id) detail.reload()
  })
  const handle = useAction(async () => {
    const sure = await Dialog.confirm({ title: "标记已处理", content: "确定将该反馈标记为已处理吗？处理后双方都不能再回复。", confirmText: "确定", cancelText: "取消" })
    if (!sure) return
    try {
      await handleSuggestion(props.id)
      Toast.show({ icon: "success", content: feedbackMessages.handleDone })
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, feedbackMessages.handleFailed) })
    }
    detail.reload()
  })

  if (!props.token) return <LoadFailed error={undefined} fallback="请从公众号菜单进入" />
  if (detail.loading && !detail.data) return <Loading />
  if (detail.error || !detail.data) return <LoadFailed error={detail.error} fallback={feedbackMessages.notFound} onRetry={detail.reload} />
  const s = detail.data
  const handled = s.status === SuggestionStatus.handled
  return (
    <div className={`feedback-detail ${handled ? "" : "feedback-detail--open"}`} data-testid="suggestion-detail" data-status={s.status}>
      <section className="feedback-card">
        <div className="feedback-card__head">
          <Tag color="default" fill="outline" data-testid="suggestion-type-name">{s.typeName}</Tag>
          <StatusTag status={s.status} />
        </div>
        <h1 className="feedback-card__title" data-testid="suggestion-title-text">{s.title}</h1>
        <p className="feedback-card__content" data-testid="suggestion-content-text">{s.content}</p>
        <Pictures pics={s.pics} testId="suggestion-detail-pics" />
        <div className="feedback-card__meta">
          {s.staff ? <span data-testid="suggestion-author">{s.user.nickname || "用户"}</span> : null}
          <time>{dateTime(s.createdAt)}</time>
        </div>
      </section>
      {handled ? <div className="feedback-handled" data-testid="suggestion-handled">{s.staff ? feedbackMessages.handled : `${feedbackMessages.handled}，感谢您的支持`}</div> : null}
      <h2 className="feedback-section-title">沟通记录</h2>
      <Thread s={s} />
      {s.staff && !handled ? (
        <div className="feedback-staff-actions">
          <Button block color="success" fill="outline" data-testid="suggestion-handle" loading={handle.pending} disabled={handle.pending} onClick={() => void handle.run()}>标记已处理</Button>
        </div>
      ) : null}
      {handled ? null : <ReplyBox id={s._id} onSent={detail.reload} />}
    </div>
  )
}
