/** `/expressSendList/:status/:token`: the sender's orders (ing 待处理, complete 已出库, cancel 已取消). */
import { Page } from "../../components/page"
import { SendListPage } from "../../features/sending/components/send-list-page"
import { adoptRouteToken } from "../../lib/session"
import "../../features/sending/sending.css"

export const ExpressSendListRoute = (props: { readonly params: { readonly status?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="寄件记录">
      <SendListPage tab={props.params.status ?? "ing"} token={token} />
    </Page>
  )
}
