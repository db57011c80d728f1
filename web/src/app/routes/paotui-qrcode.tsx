/** `/paotuiQrcode/:token`: the team's recruiting QR code and invitation code. */
import { Page } from "../../components/page"
import { RecruitCard } from "../../features/errand-team/components/recruit-card"
import { adoptRouteToken } from "../../lib/session"

export const PaotuiQrcodeRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="跑腿招募">
      <RecruitCard token={token} />
    </Page>
  )
}
