/** `/paotuiOrderForDownload/:token`: the runner's orders of today and the spreadsheet link for a computer. */
import { Page } from "../../components/page"
import { DayOrders } from "../../features/errand-team/components/day-orders"
import { adoptRouteToken } from "../../lib/session"

export const PaotuiOrderForDownloadRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="今日数据">
      <DayOrders token={token} />
    </Page>
  )
}
