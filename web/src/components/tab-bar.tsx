/**
 * The footer tabs: Home, Customer service and Me, each carrying the session token. No tab shows an unread dot:
 * nothing on them is tracked as read or unread, and a dot that never goes away teaches people to ignore it.
 */
import { TabBar } from "antd-mobile"
import { AppOutline, MessageOutline, UserOutline } from "antd-mobile-icons"
import { useLocation } from "wouter"
import { tokenPath } from "../lib/session"

export type FooterTab = "home" | "serviceHelp" | "my"

const tabs: ReadonlyArray<{ readonly key: FooterTab; readonly title: string; readonly icon: React.ReactNode }> = [
  { key: "home", title: "首页", icon: <AppOutline /> },
  { key: "serviceHelp", title: "客服", icon: <MessageOutline /> },
  { key: "my", title: "我的", icon: <UserOutline /> }
]

export const FooterTabs = (props: { readonly current: FooterTab; readonly token: string }) => {
  const [, navigate] = useLocation()
  return (
    <div className="footer-tabs" data-testid="footer-tabs">
      <TabBar activeKey={props.current} onChange={(key) => navigate(`/${key}/${tokenPath(props.token)}`)} safeArea>
        {tabs.map((t) => <TabBar.Item key={t.key} data-testid={`tab-${t.key}`} title={t.title} icon={t.icon} />)}
      </TabBar>
    </div>
  )
}
