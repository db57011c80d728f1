/** `/openInApp`: the pages work only inside the messaging app; this says so. */
import { Result } from "antd-mobile"

export const OpenInAppRoute = () => (
  <div className="page open-in-app">
    <main className="page__body">
      <Result
        data-testid="open-in-app"
        status="info"
        title="请在微信客户端打开链接"
        description="本页面需要在微信中打开：请关注“校园快递驿站”公众号，从公众号菜单进入"
      />
    </main>
  </div>
)
