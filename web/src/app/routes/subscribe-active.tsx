/** `/subscribeActive/:token`: the follow gift's exchange QR. */
import { Page } from "../../components/page"
import { FollowGiftCard } from "../../features/follow-gift/components/follow-gift-card"
import { adoptRouteToken } from "../../lib/session"

export const SubscribeActiveRoute = (props: { readonly params: { readonly token?: string } }) => (
  <Page title="关注有礼">
    <FollowGiftCard token={adoptRouteToken(props.params.token)} />
  </Page>
)
