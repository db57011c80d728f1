/** The feedback routes (spec 001 §2): `/suggestion`, `/suggestionSuccess`, `/suggestionDetail`, and the staff's `/suggestionReview` (issue 20). */
import { LoadFailed } from "../../components/load-state"
import { Page } from "../../components/page"
import { SuggestionDetailPage } from "../../features/feedback/components/suggestion-detail"
import { SuggestionFormPage } from "../../features/feedback/components/suggestion-form"
import { SuggestionReview } from "../../features/feedback/components/suggestion-review"
import { SuggestionSuccess } from "../../features/feedback/components/suggestion-success"
import { adoptRouteToken } from "../../lib/session"
import "../../features/feedback/feedback.css"

const NO_TOKEN = "请从公众号菜单进入"

export const SuggestionRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return <Page title="意见反馈">{token ? <SuggestionFormPage token={token} /> : <LoadFailed error={undefined} fallback={NO_TOKEN} />}</Page>
}

export const SuggestionSuccessRoute = (props: { readonly params: { readonly id?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return <Page title="意见反馈" back={false}><SuggestionSuccess id={props.params.id ?? ""} token={token} /></Page>
}

export const SuggestionDetailRoute = (props: { readonly params: { readonly id?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  const id = props.params.id ?? ""
  return <Page title="反馈详情"><SuggestionDetailPage key={id} id={id} token={token} /></Page>
}

export const SuggestionReviewRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return <Page title="意见反馈处理">{token ? <SuggestionReview token={token} /> : <LoadFailed error={undefined} fallback={NO_TOKEN} />}</Page>
}
