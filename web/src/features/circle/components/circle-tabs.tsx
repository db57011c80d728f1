/** The circle's own tab bar (spec 002 §2): 集市 → /circleShareList, 发现 → /circleDiscovery, 我的 → /myCircle. */
import { TabBar } from "antd-mobile"
import { CompassOutline, ShopbagOutline, UserOutline } from "antd-mobile-icons"
import { useLocation } from "wouter"
import { tokenPath } from "../../../lib/session"

export type CircleTab = "circleShareList" | "circleDiscovery" | "myCircle"

const tabs: ReadonlyArray<{ readonly key: CircleTab; readonly title: string; readonly icon: React.ReactNode }> = [
  { key: "circleShareList", title: "集市", icon: <ShopbagOutline /> },
  { key: "circleDiscovery", title: "发现", icon: <CompassOutline /> },
  { key: "myCircle", title: "我的", icon: <UserOutline /> }
]

export const CircleTabs = (props: { readonly current: CircleTab; readonly token: string }) => {
  const [, navigate] = useLocation()
  return (
    <div className="footer-tabs circle-tabs" data-testid="circle-tabs">
      <TabBar activeKey={props.current} onChange={(key) => navigate(`/${key}/${tokenPath(props.token)}`)} safeArea>
        {tabs.map((t) => <TabBar.Item key={t.key} data-testid={`circle-tab-${t.key}`} title={t.title} icon={t.icon} />)}
      </TabBar>
    </div>
  )
}
