/**
 * `/comment/:id/:acceptOpenid/:paotuiName/:paotuiTime/:token`: rate a finished errand and tip its runner. The order is
 * read first (`GET /api/paotuiOrder/getById/{id}`, '获取订单信息失败' when that fails); the runner's name falls back to
 * the order's when the route carries none.
 */
import { useLocation } from "wouter"
import { LoadFailed, Loading } from "../../components/load-state"
import { Page } from "../../components/page"
import { useOrder } from "../../features/errand/api/errand"
import { RatingForm } from "../../features/errand-team/components/rating-form"
import { adoptRouteToken, tokenPath } from "../../lib/session"

const decoded = (text: string | undefined) => {
  try {
    return decodeURIComponent(text ?? "")
  } catch {
    return text ?? ""
  }
}

export const CommentRoute = (props: {
  readonly params: { readonly id?: string; readonly acceptOpenid?: string; readonly paotuiName?: string; readonly paotuiTime?: string; readonly token?: string }
}) => {
  const token = adoptRouteToken(props.params.token)
  const [, navigate] = useLocation()
  const { id = "", acceptOpenid = "" } = props.params
  const order = useOrder(id, token)
  const body = () => {
    if (!token) return <LoadFailed error={undefined} fallback="请从公众号菜单进入" />
    if (order.loading && !order.data) return <Loading />
    if (order.error || !order.data) return <LoadFailed error={order.error} fallback="获取订单信息失败" onRetry={order.reload} />
    return (
      <RatingForm
        key={id}
        target={{ orderId: id, acceptOpenid: decoded(acceptOpenid), runnerName: decoded(props.params.paotuiName) || (order.data.acceptUser ?? ""), time: decoded(props.params.paotuiTime) }}
        onDone={() => navigate(`/robbingList/1/complete/${tokenPath(token)}`)}
      />
    )
  }
  return <Page title="评价跑腿">{body()}</Page>
}
