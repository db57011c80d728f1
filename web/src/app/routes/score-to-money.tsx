/** `/scoreToMoney/:token`: withdraw active points as money. */
import { Page } from "../../components/page"
import { PointsForm } from "../../features/points/components/points-form"
import { adoptRouteToken } from "../../lib/session"

export const ScoreToMoneyRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token) ?? ""
  return (
    <Page title="积分提现">
      <PointsForm token={token} />
    </Page>
  )
}
