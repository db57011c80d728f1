/** `/takecashList/:token`: the user's withdrawal records. */
import { Page } from "../../components/page"
import { WithdrawalList } from "../../features/withdrawal/components/withdrawal-list"
import { adoptRouteToken } from "../../lib/session"

export const TakecashListRoute = (props: { readonly params: { readonly token?: string } }) => {
  adoptRouteToken(props.params.token)
  return (
    <Page title="提现记录">
      <WithdrawalList />
    </Page>
  )
}
