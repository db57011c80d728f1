/** `/circleType/:bizType/:token`: what to post (−1 all kinds). */
import { Page } from "../../components/page"
import { TypeChooser } from "../../features/circle/components/type-chooser"
import { adoptRouteToken } from "../../lib/session"
import "../../features/circle/circle.css"

export const CircleTypeRoute = (props: { readonly params: { readonly bizType?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="发布">
      <TypeChooser bizType={Number(props.params.bizType ?? -1)} token={token} />
    </Page>
  )
}
