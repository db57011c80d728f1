/** Any other path: 返回首页 goes to the home tab of the session's user when one is known, else to the entry page. */
import { Button, ErrorBlock } from "antd-mobile"
import { useLocation } from "wouter"
import { Page } from "../../components/page"
import { sessionToken, tokenPath } from "../../lib/session"

export const NotFoundRoute = () => {
  const [, navigate] = useLocation()
  const token = sessionToken()
  return (
    <Page title="页面不存在" back={false}>
      <ErrorBlock status="empty" title="页面不存在" description="请检查链接是否正确" />
      <div className="page__actions">
        <Button block color="primary" data-testid="not-found-home" onClick={() => navigate(token ? `/home/${tokenPath(token)}` : "/")}>返回首页</Button>
      </div>
    </Page>
  )
}
