/** Any other path. */
import { Button, ErrorBlock } from "antd-mobile"
import { useLocation } from "wouter"
import { Page } from "../../components/page"

export const NotFoundRoute = () => {
  const [, navigate] = useLocation()
  return (
    <Page title="页面不存在" back={false}>
      <ErrorBlock status="empty" title="页面不存在" description="请检查链接是否正确" />
      <div className="page__actions">
        <Button block color="primary" onClick={() => navigate("/")}>返回首页</Button>
      </div>
    </Page>
  )
}
