/** `/addUserInfo/:redirect/:token`: complete the profile, then go on to `/{redirect}/{token}`. */
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { CompleteProfileForm } from "../../features/profile/components/complete-profile-form"
import { adoptRouteToken } from "../../lib/session"

export const AddUserInfoRoute = (props: { readonly params: { readonly redirect?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const redirect = props.params.redirect || "my"
  return (
    <Page title="完善个人信息" back={false}>
      <UserGate token={token}>{(user) => <CompleteProfileForm user={user} token={token ?? ""} redirect={redirect} />}</UserGate>
    </Page>
  )
}
