/** `/answer/:toOpenid/:token` (spec 001 §2): staff reply to a user. */
import { Page } from "../../components/page"
import { AnswerPage } from "../../features/feedback/components/answer-page"
import { adoptRouteToken } from "../../lib/session"
import "../../features/feedback/feedback.css"

export const AnswerRoute = (props: { readonly params: { readonly toOpenid?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  const openid = props.params.toOpenid ?? ""
  return <Page title="回复用户"><AnswerPage key={openid} openid={openid} token={token} /></Page>
}
