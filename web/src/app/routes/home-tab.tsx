/** `/home/:token`: the home tab, for now a tile to the parcels to collect (the rest of home is still to come). */
import { ReceiptOutline, SendOutline, TruckOutline } from "antd-mobile-icons"
import { Link } from "wouter"
import { Page } from "../../components/page"
import { FooterTabs } from "../../components/tab-bar"
import { adoptRouteToken, tokenPath } from "../../lib/session"

export const HomeTabRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  const t = tokenPath(token)
  return (
    <Page title="首页" back={false} className="page--tabbed">
      <section className="home-tiles">
        <Link href={`/expressTotakeList/ing/${t}`} className="home-tile home-tile--parcels" data-testid="home-parcels">
          <ReceiptOutline className="home-tile__icon" />
          <span className="home-tile__title">取快递</span>
          <span className="home-tile__sub">查看待取件与取件码</span>
        </Link>
        <Link href={`/expressTotakein/${t}`} className="home-tile" data-testid="home-send">
          <SendOutline className="home-tile__icon" />
          <span className="home-tile__title">寄快递</span>
          <span className="home-tile__sub">预约寄件，可上门取件</span>
        </Link>
        <Link href={`/robbing/${t}`} className="home-tile" data-testid="home-errand">
          <TruckOutline className="home-tile__icon" />
          <span className="home-tile__title">校园跑腿</span>
          <span className="home-tile__sub">即将上线</span>
        </Link>
      </section>
      {token ? <FooterTabs current="home" token={token} /> : null}
    </Page>
  )
}
