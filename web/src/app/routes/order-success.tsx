/** `/orderSuccess/:paotuiId/:token`: the errand order just placed, or with `?kind=send` the sending just booked. */
import { lazy, Suspense } from "react"
import { useSearch } from "wouter"
import { Page } from "../../components/page"
import { OrderSuccess } from "../../features/errand/components/order-success"
import { adoptRouteToken } from "../../lib/session"

const SendSuccess = lazy(() => import("../../features/sending/send-success").then((m) => ({ default: m.SendSuccess })))

export const OrderSuccessRoute = (props: { readonly params: { readonly paotuiId?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const id = props.params.paotuiId ?? ""
  const search = new URLSearchParams(useSearch())
  const isSending = search.get("kind") === "send"
  return (
    <Page title={isSending ? "寄件预约" : "跑腿订单"}>
      {isSending
        ? <Suspense fallback={null}><SendSuccess key={id} id={id} token={token} payNow={search.get("pay") === "1"} /></Suspense>
        : <OrderSuccess key={id} id={id} token={token} />}
    </Page>
  )
}
