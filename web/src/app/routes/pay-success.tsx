/** `/paySuccess/:token`: the payment went through; back to the parcels to collect. */
import { Button, Result } from "antd-mobile"
import { useLocation } from "wouter"
import { Page } from "../../components/page"
import { adoptRouteToken } from "../../lib/session"

export const PaySuccessRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const [, navigate] = useLocation()
  return (
    <Page title="支付成功" back={false}>
      <Result data-testid="pay-success" status="success" title="支付成功" description="请凭取件码到驿站取件" />
      <div className="fee-page__actions">
        <Button block color="primary" data-testid="back-to-list" onClick={() => navigate(`/expressTotakeList/ing/${encodeURIComponent(token ?? "")}`)}>
          返回我的取件
        </Button>
      </div>
    </Page>
  )
}
