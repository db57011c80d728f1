/** `/takecash/:token`: withdraw money from the wallet; back goes to the Me page. */
import { Link, useLocation } from "wouter"
import { Page } from "../../components/page"
import { WithdrawForm } from "../../features/withdrawal/components/withdraw-form"
import { adoptRouteToken, tokenPath } from "../../lib/session"

export const TakecashRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  const [, navigate] = useLocation()
  return (
    <Page
      title="余额提现"
      onBack={() => navigate(`/my/${tokenPath(token)}`)}
      right={<Link href={`/scoreToMoney/${tokenPath(token)}`} className="nav-link" data-testid="link-points">积分提现</Link>}
    >
      <WithdrawForm token={token} />
    </Page>
  )
}
