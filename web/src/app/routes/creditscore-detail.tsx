/** `/creditscoreDetail/:token`: the runner's credit score and its records. */
import { Page } from "../../components/page"
import { CreditRecords } from "../../features/errand-team/components/credit-records"
import { adoptRouteToken } from "../../lib/session"
import { useUserInfo } from "../../lib/user-info"

export const CreditscoreDetailRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const user = useUserInfo(token)
  return (
    <Page title="信用分明细">
      <CreditRecords score={user.data?.creditScore ?? undefined} />
    </Page>
  )
}
