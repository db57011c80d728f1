/**
 * `/answer/{toOpenid}/{token}` (spec 001 §2, §7; issue 20): staff of the user's worksite, or the head office, write the
 * user a note (sent as a template message): who it goes to (nickname, masked phone), a box of 2–256 characters checked
 * by the core's `replyRefusal`, then '回复成功' or '回复失败'. What was sent from this page stays listed below the box.
 */
import { Button, List, TextArea, Toast } from "antd-mobile"
import { useState } from "react"
import { FeedbackLimits, feedbackMessages, replyRefusal } from "#src/feedback/suggestion"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage, newIdempotencyKey } from "../../../lib/api-client"
import { dateTime } from "../../../lib/format"
import { useAction } from "../../../lib/use-action"
import { USER_INFO_FAILED } from "../../../lib/user-info"
import { answerUser, useRecipient } from "../api/answer"

export const AnswerPage = (props: { readonly openid: string; readonly token: string }) => {
  const recipient = useRecipient(props.openid, props.token || undefined)
  const [text, setText] = useState("")
  const [sent, setSent] = useState<ReadonlyArray<{ readonly content: string; readonly at: Date }>>([])
  const send = useAction(async () => {
    const refused = replyRefusal(text)
    if (refused) return void Toast.show({ content: refused.message })
    try {
      const content = text.trim()
      await answerUser(props.openid, content, newIdempotencyKey())
      setText("")
      setSent((earlier) => [{ content, at: new Date() }, ...earlier])
      Toast.show({ icon: "success", content: feedbackMessages.replied })
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, feedbackMessages.replyFailed) })
    }
  })

  if (!props.token) return <LoadFailed error={undefined} fallback="请从公众号菜单进入" />
  if (recipient.loading && !recipient.data) return <Loading />
  if (recipient.error || !recipient.data) return <LoadFailed error={recipient.error} fallback={USER_INFO_FAILED} onRetry={recipient.reload} />
  const r = recipient.data
  return (
    <div className="feedback-answer" data-testid="answer-page">
      <List header="回复用户" className="feedback-form__group">
        <List.Item title="昵称" extra={<span data-testid="answer-nickname">{r.nickname || "--"}</span>} />
        <List.Item title="手机号" extra={<span data-testid="answer-phone">{r.phone || "--"}</span>} />
      </List>
      <List header="回复内容" className="feedback-form__group">
        <List.Item>
          <TextArea data-testid="answer-input" value={text} onChange={setText} maxLength={FeedbackLimits.reply} showCount rows={5}
            placeholder={`请输入回复内容（${FeedbackLimits.minReply}-${FeedbackLimits.reply}个字），将通过公众号消息发送给该用户`} />
        </List.Item>
      </List>
      <div className="feedback-form__actions">
        <Button block color="primary" size="large" data-testid="answer-send" loading={send.pending} disabled={send.pending} onClick={() => void send.run()}>发送回复</Button>
      </div>
      {sent.length > 0 ? (
        <List header="已发送" className="feedback-form__group" data-testid="answer-sent">
          {sent.map((m, i) => <List.Item key={`${m.at.getTime()}-${i}`} description={dateTime(m.at)}>{m.content}</List.Item>)}
        </List>
      ) : <p className="feedback-form__tip">回复将以公众号消息送达该用户，请文明用语。</p>}
    </div>
  )
}
