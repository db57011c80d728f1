/**
 * Real-name review: each submission under review with its recognised name, masked ID number and photos (tap to
 * enlarge), passed at a confirmation or rejected with a reason the user will read.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Dialog, ErrorBlock, Image, ImageViewer, Tag, TextArea, Toast } from "antd-mobile"
import { useState } from "react"
import { messages as profileMessages, REJECT_COMMENT_MAX, reviewCommentRefusal } from "#src/profile/profile"
import type { SubmissionUnderReview } from "#src/profile/review-queue"
import { AuthStatus, messages, type ReviewDecision } from "#src/profile/verification"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { dateTime, thumbnailSrc } from "../../../lib/format"
import { useAuthList } from "../api/auth-list"
import { useVerifyAuth } from "../../../lib/verify-auth"
import { createReview } from "../state/review"

const sexNames: Record<number, string> = { 1: "男", 2: "女" }

const Photo = (props: { readonly url: string | null; readonly label: string; readonly testId: string }) => (
  <figure className="review-photo">
    {props.url ? (
      <Image
        src={thumbnailSrc(props.url, 180)}
        alt={props.label}
        fit="cover"
        className="review-photo__image"
        data-testid={props.testId}
        onClick={() => ImageViewer.show({ image: props.url! })}
      />
    ) : (
      <div className="review-photo__none" data-testid={props.testId}>未上传</div>
    )}
    <figcaption>{props.label}</figcaption>
  </figure>
)

const Submission = (props: {
  readonly s: SubmissionUnderReview
  readonly busy: boolean
  readonly onPass: () => void
  readonly onReject: () => void
}) => {
  const { s } = props
  return (
    <article className="review-card" data-testid={`review-${s._id}`}>
      <header className="review-card__head">
        <b className="review-card__name" data-testid="review-name">{s.realname || "（未识别姓名）"}</b>
        {sexNames[s.sex] ? <Tag fill="outline">{sexNames[s.sex]}</Tag> : null}
        {s.submittedAt ? <span className="review-card__at">{dateTime(s.submittedAt)} 提交</span> : null}
      </header>
      <div className="review-card__id">
        <span>身份证号</span>
        <span className="review-card__number" data-testid="review-id-card-no">{s.idCardNo || "-"}</span>
      </div>
      <div className="review-card__photos">
        <Photo url={s.idCardUrl} label="身份证" testId="review-id-card" />
        <Photo url={s.studentCardUrl} label="学生证" testId="review-student-card" />
      </div>
      <div className="review-card__actions">
        <Button data-testid="review-reject" fill="outline" color="danger" disabled={props.busy} onClick={props.onReject}>不通过</Button>
        <Button data-testid="review-pass" color="success" disabled={props.busy} onClick={props.onPass}>通过</Button>
      </div>
    </article>
  )
}

export const ReviewList = (props: { readonly token: string | undefined }) => {
  useSignals()
  const list = useAuthList(props.token)
  const [review] = useState(createReview)
  const verify = useVerifyAuth()

  const decide = async (s: SubmissionUnderReview, decision: ReviewDecision) => {
    const comment = decision === AuthStatus.rejected ? review.comment.value.trim() : undefined
    const refused = reviewCommentRefusal(decision, comment)
    if (refused) {
      Toast.show({ content: refused.message })
      return
    }
    try {
      await verify.run(s._id, decision, comment)
      Toast.show({ content: decision === AuthStatus.passed ? "已通过" : "已驳回", icon: "success", duration: 1000 })
      review.done(s._id)
    } catch (error) {
      Toast.show({ content: failureMessage(error, messages.reviewFailed), icon: "fail" })
      list.reload()
    }
  }

  const pass = async (s: SubmissionUnderReview) => {
    const sure = await Dialog.confirm({
      content: `确认通过 ${s.realname ?? ""}（${s.idCardNo ?? ""}）的实名认证？`,
      confirmText: "通过"
    })
    if (sure) await decide(s, AuthStatus.passed)
  }

  if (list.loading && !list.data) return <Loading />
  if (list.error || !list.data) return <LoadFailed error={list.error} fallback="获取实名认证列表失败" onRetry={list.reload} />
  const waiting = list.data.filter((s) => !review.decided.value.has(s._id))
  const rejecting = waiting.find((s) => s._id === review.rejecting.value)

  return (
    <div className="review">
      <div className="review__summary">
        <span data-testid="review-count">待审核 {waiting.length} 人</span>
        <Button size="mini" fill="none" color="primary" loading={list.loading} onClick={list.reload} data-testid="review-refresh">刷新</Button>
      </div>
      {waiting.length === 0 ? (
        <ErrorBlock status="empty" title="暂无待审核的实名认证" description={null} data-testid="review-empty" />
      ) : (
        waiting.map((s) => (
          <Submission key={s._id} s={s} busy={verify.pending} onPass={() => void pass(s)} onReject={() => review.startRejecting(s._id)} />
        ))
      )}
      <Dialog
        visible={rejecting !== undefined}
        title={`不通过：${rejecting?.realname ?? ""}`}
        content={
          <TextArea
            data-testid="review-comment"
            placeholder={`${profileMessages.rejectCommentRequired}（用户将看到）`}
            value={review.comment.value}
            onChange={review.typeComment}
            maxLength={REJECT_COMMENT_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 5 }}
          />
        }
        onClose={review.stopRejecting}
        actions={[[
          { key: "cancel", text: "取消", onClick: review.stopRejecting },
          { key: "reject", text: "不通过", danger: true, bold: true, disabled: verify.pending, onClick: () => { if (rejecting) void decide(rejecting, AuthStatus.rejected) } }
        ]]}
      />
    </div>
  )
}
