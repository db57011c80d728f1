/** `/suggestionSuccess/{id}/{token}` (spec 001 §2): the suggestion was sent; back to `/my` or on to its details. */
import { Button, Result } from "antd-mobile"
import { useLocation } from "wouter"
import { feedbackMessages } from "#src/feedback/suggestion"
import { tokenPath } from "../../../lib/session"

export const SuggestionSuccess = (props: { readonly id: string; readonly token: string }) => {
  const [, navigate] = useLocation()
  const token = tokenPath(props.token)
  return (
    <div className="feedback-success" data-testid="suggestion-success">
      <Result status="success" title={feedbackMessages.submitted} description="感谢您的反馈！工作人员回复后会通过公众号消息通知您。" />
      <div className="feedback-form__actions">
        <Button block color="primary" data-testid="suggestion-view-detail" onClick={() => navigate(`/suggestionDetail/${encodeURIComponent(props.id)}/${token}`)}>查看详情</Button>
        <Button block data-testid="suggestion-back-my" onClick={() => navigate(`/my/${token}`)}>返回个人中心</Button>
      </div>
    </div>
  )
}
