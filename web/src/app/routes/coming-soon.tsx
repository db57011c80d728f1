/** A page of the product not built yet, linked from the built ones: its title and '即将上线'; the tab pages keep the footer tabs. */
import { ErrorBlock } from "antd-mobile"
import { useRoute } from "wouter"
import { Page } from "../../components/page"
import { FooterTabs, type FooterTab } from "../../components/tab-bar"
import { adoptRouteToken } from "../../lib/session"

export const comingSoon: ReadonlyArray<{ readonly path: string; readonly title: string; readonly tab?: FooterTab }> = [
  { path: "/tongji/:token", title: "运营报表" }
]

export const ComingSoonRoute = (props: { readonly path: string; readonly title: string; readonly tab?: FooterTab | undefined }) => {
  const [, params] = useRoute<{ token?: string }>(props.path)
  const token = params?.token ? adoptRouteToken(params.token) : undefined
  return (
    <Page title={props.title} back={props.tab === undefined} className={props.tab ? "page--tabbed" : undefined}>
      <ErrorBlock data-testid="coming-soon" status="empty" title="即将上线" description="该功能正在建设中，敬请期待" />
      {props.tab && token ? <FooterTabs current={props.tab} token={token} /> : null}
    </Page>
  )
}
