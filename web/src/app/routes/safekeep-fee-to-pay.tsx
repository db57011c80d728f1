/** `/safekeepFeeToPay/:expressId/:token`: pay a parcel's safekeeping fee; the pickup code shows once paid. */
import { useLocation } from "wouter"
import { Page } from "../../components/page"
import { SafekeepFeeCard } from "../../features/payment/components/safekeep-fee-card"
import { adoptRouteToken } from "../../lib/session"

export const SafekeepFeeToPayRoute = (props: { readonly params: { readonly expressId?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const id = props.params.expressId ?? ""
  const [, navigate] = useLocation()
  return (
    <Page title="支付保管费">
      <SafekeepFeeCard key={id} id={id} token={token} onPaid={() => navigate(`/paySuccess/${encodeURIComponent(token ?? "")}`)} />
    </Page>
  )
}
