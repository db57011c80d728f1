/** `/login`: where logging out lands; the session is ended. */
import { Button, Result } from "antd-mobile"
import { useEffect } from "react"
import { useLocation } from "wouter"
import { Page } from "../../components/page"
import { endSession } from "../../lib/session"

export const LoginRoute = () => {
  const [, navigate] = useLocation()
  useEffect(endSession, [])
  return (
    <Page title="登录" back={false}>
      <Result status="info" title="您已退出登录" description="请从公众号菜单重新进入" />
      <div className="page__actions">
        <Button block color="primary" onClick={() => navigate("/")}>重新登录</Button>
      </div>
    </Page>
  )
}
