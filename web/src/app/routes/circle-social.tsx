/** The circle's social pages: the teammate, confession and message lists, and their three forms. */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { ConfessionFormPage, MessageFormPage, TeammateFormPage } from "../../features/circle/components/social-forms"
import { ConfessionList, MessageList, TeammateList } from "../../features/circle/components/social-lists"
import { memberViewer } from "../../features/circle/state/viewer"
import { adoptRouteToken } from "../../lib/session"
import type { UserInfo } from "../../lib/user-info"
import "../../features/circle/circle.css"

type Params = { readonly params: { readonly token?: string } }

const CirclePage = (props: { readonly params: Params["params"]; readonly title: string; readonly children: (user: UserInfo, token: string) => React.ReactNode }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title={props.title}>
      <UserGate token={token || undefined}>{(user) => props.children(user, token)}</UserGate>
    </Page>
  )
}

export const CircleMaiListRoute = (props: Params) => (
  <CirclePage params={props.params} title="卖室友">{(user, token) => <TeammateList viewer={memberViewer(user.openid, token)} />}</CirclePage>
)
export const CircleBBListRoute = (props: Params) => (
  <CirclePage params={props.params} title="表白墙">{(user, token) => <ConfessionList viewer={memberViewer(user.openid, token)} />}</CirclePage>
)
export const CircleJiyuListRoute = (props: Params) => (
  <CirclePage params={props.params} title="留言板">{(user, token) => <MessageList viewer={memberViewer(user.openid, token)} />}</CirclePage>
)
export const CircleSfEditRoute = (props: Params) => (
  <CirclePage params={props.params} title="卖室友">{(_user, token) => <TeammateFormPage token={token} />}</CirclePage>
)
export const CircleBBEditRoute = (props: Params) => (
  <CirclePage params={props.params} title="向TA表白">{(_user, token) => <ConfessionFormPage token={token} />}</CirclePage>
)
export const CircleJyEditRoute = (props: Params) => (
  <CirclePage params={props.params} title="留言">{(user, token) => <MessageFormPage token={token} knownMotto={user.motto ?? ""} />}</CirclePage>
)
