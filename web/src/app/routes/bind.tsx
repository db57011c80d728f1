/** `/bind/:redirect/:token`: bind a back-office account, then go on to `/{redirect}/{newToken}`. */
import { Page } from "../../components/page"
import { LoadFailed, Loading } from "../../components/load-state"
import { BindForm } from "../../features/staff/components/bind-form"
import { adoptRouteToken } from "../../lib/session"
import { USER_INFO_FAILED, useUserInfo } from "../../lib/user-info"

const TARGETS = ["warehousing", "takepart", "return"]

export const BindRoute = (props: { readonly params: { readonly redirect?: string; readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const user = useUserInfo(token)
  const redirect = TARGETS.includes(props.params.redirect ?? "") ? (props.params.redirect as string) : "warehousing"
  return (
    <Page title="绑定账号" back={false}>
      {user.error ? <LoadFailed error={user.error} fallback={USER_INFO_FAILED} onRetry={user.reload} />
        : !user.data ? <Loading />
        : <BindForm openid={user.data.openid} redirect={redirect} />}
    </Page>
  )
}
