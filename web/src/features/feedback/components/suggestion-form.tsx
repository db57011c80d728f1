/**
 * `/suggestion/{token}` (spec 001 §2, §5): the type (功能建议, 系统问题, 服务投诉), a title, the content with its /512
 * counter and up to 3 pictures. The core's `suggestionFormRefusal` checks before sending; a refused or failed submit
 * keeps everything typed and uploaded ('提交意见反馈报错' when the server gave no words). Success goes to
 * `/suggestionSuccess/{id}/{token}`.
 */
import { useSignals } from "@preact/signals-react/runtime"
import { Button, Input, List, Selector, TextArea, Toast } from "antd-mobile"
import { useState } from "react"
import { useLocation } from "wouter"
import { FeedbackLimits, suggestionFormRefusal, suggestionTypeName, SuggestionType } from "#src/feedback/suggestion"
import { failureMessage, newIdempotencyKey } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { useAction } from "../../../lib/use-action"
import { submitSuggestion } from "../api/suggestions"
import { createSuggestionForm, suggestionFormOf, suggestionInput } from "../state/suggestion-form"
import { FeedbackPicUploader } from "./pic-uploader"

export const SUBMIT_FAILED = "提交意见反馈报错"

const TYPES = [SuggestionType.feature, SuggestionType.system, SuggestionType.complaint]

export const SuggestionFormPage = (props: { readonly token: string }) => {
  useSignals()
  const [, navigate] = useLocation()
  const [f] = useState(createSuggestionForm)
  const submit = useAction(async () => {
    const refused = suggestionFormRefusal(suggestionFormOf(f))
    if (refused) return void Toast.show({ content: refused.message })
    try {
      const id = await submitSuggestion(suggestionInput(f), newIdempotencyKey())
      Toast.clear()
      navigate(`/suggestionSuccess/${encodeURIComponent(id)}/${tokenPath(props.token)}`, { replace: true })
    } catch (error) {
      Toast.show({ icon: "fail", content: failureMessage(error, SUBMIT_FAILED) })
    }
  })
  return (
    <div className="feedback-form" data-testid="suggestion-form">
      <p className="feedback-form__intro">遇到问题或有好的想法？告诉我们，驿站会尽快回复您。</p>
      <List header="反馈类型" className="feedback-form__group">
        <List.Item>
          <Selector data-testid="suggestion-type" columns={3} value={f.type.value === null ? [] : [f.type.value]}
            options={TYPES.map((t) => ({ label: suggestionTypeName[t], value: t }))}
            onChange={(v) => { f.type.value = v[0] ?? null }} />
        </List.Item>
      </List>
      <List header="反馈内容" className="feedback-form__group">
        <List.Item>
          <Input data-testid="suggestion-title" maxLength={FeedbackLimits.title} value={f.title.value} onChange={(v) => { f.title.value = v }}
            placeholder="请输入标题" clearable />
        </List.Item>
        <List.Item>
          <TextArea data-testid="suggestion-content" maxLength={FeedbackLimits.content} showCount rows={6} value={f.content.value}
            onChange={(v) => { f.content.value = v }} placeholder="请详细描述您遇到的问题或建议，便于我们尽快处理" />
        </List.Item>
      </List>
      <List header="图片（选填，最多3张）" className="feedback-form__group">
        <List.Item>
          <FeedbackPicUploader value={f.pics.value} onChange={(pics) => { f.pics.value = pics }} />
        </List.Item>
      </List>
      <div className="feedback-form__actions">
        <Button block color="primary" size="large" data-testid="suggestion-submit" loading={submit.pending} disabled={submit.pending} onClick={() => void submit.run()}>
          提交
        </Button>
      </div>
    </div>
  )
}
