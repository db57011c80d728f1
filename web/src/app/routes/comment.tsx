/** `/comment/:id/:acceptOpenid/:paotuiName/:paotuiTime/:token`: rate a finished errand and tip its runner. */
import { useLocation } from "wouter"
import { Page } from "../../components/page"
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
  return (
    <Page title="评价跑腿">
      <RatingForm
        key={id}
        target={{ orderId: id, acceptOpenid: decoded(acceptOpenid), runnerName: decoded(props.params.paotuiName), time: decoded(props.params.paotuiTime) }}
        onDone={() => navigate(`/robbingList/1/complete/${tokenPath(token ?? "")}`)}
      />
    </Page>
  )
}
