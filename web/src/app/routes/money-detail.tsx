/** `/moneyDetail/:type/:token`: wallet money movements (0 all, 4 points withdrawals). */
import { Page } from "../../components/page"
import { MoneyDetailList } from "../../features/money-detail/components/money-detail-list"
import { adoptRouteToken } from "../../lib/session"

const titles: Record<string, string> = { "0": "资金明细", "4": "积分提现记录" }

export const MoneyDetailRoute = (props: { readonly params: { readonly type?: string; readonly token?: string } }) => {
  adoptRouteToken(props.params.token)
  const type = props.params.type ?? "0"
  return (
    <Page title={titles[type] ?? "资金明细"}>
      <MoneyDetailList key={type} type={type} />
    </Page>
  )
}
