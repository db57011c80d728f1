/** `/authApply/:type/:redirect/:token`: real-name verification (type 0 sending, 1 errands), then on to `/{redirect}/{token}`. */
import { VerificationType } from "#src/profile/verification"
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { AuthApplyForm } from "../../features/verification/components/auth-apply-form"
import { adoptRouteToken } from "../../lib/session"

export const AuthApplyRoute = (props: { readonly params: { readonly type?: string; readonly redirect?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const type = props.params.type === "1" ? VerificationType.errand : VerificationType.sending
  const redirect = props.params.redirect || "my"
  return (
    <Page title={type === VerificationType.errand ? "跑腿实名认证" : "实名认证"}>
      <UserGate token={token}>{(user) => <AuthApplyForm user={user} type={type} redirect={redirect} token={token ?? ""} />}</UserGate>
    </Page>
  )
}
