/** `/doorService/:toTakeId/:token`: order door delivery of a parcel to collect. */
import { Page } from "../../components/page"
import { DoorServiceForm } from "../../features/errand/components/door-service-form"
import { adoptRouteToken } from "../../lib/session"

export const DoorServiceRoute = (props: { readonly params: { readonly toTakeId?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const id = props.params.toTakeId ?? ""
  return (
    <Page title="送货上门">
      <DoorServiceForm key={id} toTakeId={id} token={token} />
    </Page>
  )
}
