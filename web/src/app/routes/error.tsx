/** `/error/:errorCode`: a dead end with what went wrong and a way back in. */
import { Button, Result } from "antd-mobile"
import { useLocation } from "wouter"
import { Page } from "../../components/page"

const errors: Record<string, { title: string; description: string }> = {
  "10001": { title: "登录已失效", description: "请从公众号菜单重新进入" }
}

export const ErrorRoute = (props: { readonly params: { readonly errorCode?: string } }) => {
  const [, navigate] = useLocation()
  const code = props.params.errorCode ?? ""
  const error = errors[code] ?? { title: "出错了", description: `错误代码 ${code}` }
  return (
    <Page title="提示" back={false}>
      <Result status="warning" title={error.title} description={error.description} data-testid="error-result" />
      <div className="page__actions">
        <Button block color="primary" onClick={() => navigate("/")}>返回首页</Button>
      </div>
    </Page>
  )
}
