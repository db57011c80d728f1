/** `/home/:token`: the banner, the grid of eight with its gates, the personal pick-up QR, the running announcements, the circle list and the footer tabs. */
import { Page } from "../../components/page"
import { FooterTabs } from "../../components/tab-bar"
import { UserGate } from "../../components/user-gate"
import { HomeCircle } from "../../features/circle/components/home-circle"
import { ActivityCarousel } from "../../features/home/components/activity-carousel"
import { HomeGrid } from "../../features/home/components/home-grid"
import { PickupQrCard } from "../../features/home/components/pickup-qr-card"
import { adoptRouteToken } from "../../lib/session"
import "../../features/home/home.css"

export const HomeTabRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="首页" back={false} className="page--tabbed">
      <header className="home-banner" data-testid="home-banner">
        <span className="home-banner__brand">校园快递驿站</span>
        <span className="home-banner__line">取件 · 寄件 · 跑腿，一站办好</span>
      </header>
      <UserGate token={token || undefined}>
        {(user) => (
          <>
            <HomeGrid user={user} token={token} />
            <PickupQrCard phoneMain={user.phoneMain} token={token} />
            <ActivityCarousel worksiteId={user.worksite?._id} token={token} />
            {user.worksite ? <HomeCircle openid={user.openid} token={token} /> : null}
          </>
        )}
      </UserGate>
      {token ? <FooterTabs current="home" token={token} /> : null}
    </Page>
  )
}
