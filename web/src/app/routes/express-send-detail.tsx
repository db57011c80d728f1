/** `/expressSendDetail/:id/:token`: one send order for its sender (QR, freight, express number, timeline). */
import { Page } from "../../components/page"
import { SendDetailPage } from "../../features/sending/components/send-detail-page"
import { adoptRouteToken } from "../../lib/session"
import "../../features/sending/sending.css"

export const ExpressSendDetailRoute = (props: { readonly params: { readonly id?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const id = props.params.id ?? ""
  return (
    <Page title="寄件详情">
      <SendDetailPage key={id} id={id} token={token} />
    </Page>
  )
}
