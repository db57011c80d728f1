/** `/robbing/:token`: the errand hall; a user who has not joined as runner goes to the runner application. */
import { Redirect } from "wouter"
import { RUNNER_APPLY_PATH } from "#src/errand/grab"
import { mayTakeErrands } from "#src/profile/runner-application"
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { Hall } from "../../features/errand/components/hall"
import { adoptRouteToken, tokenPath } from "../../lib/session"

export const RobbingRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  return (
    <Page title="跑腿大厅">
      <UserGate token={token}>{(user) => mayTakeErrands(user)
        ? <Hall user={user} token={token ?? ""} />
        : <Redirect to={`${RUNNER_APPLY_PATH}/${tokenPath(token ?? "")}`} replace />}
      </UserGate>
    </Page>
  )
}
