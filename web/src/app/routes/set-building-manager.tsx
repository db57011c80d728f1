/** `/setBuildingManager/:token`: a leader sets and removes the building leaders of their worksite. */
import { ErrorBlock } from "antd-mobile"
import { isJoinedRunner } from "#src/profile/runner-application"
import { LoadFailed, Loading } from "../../components/load-state"
import { Page } from "../../components/page"
import { BuildingManagers } from "../../features/errand-team/components/building-managers"
import { adoptRouteToken } from "../../lib/session"
import { USER_INFO_FAILED, useUserInfo } from "../../lib/user-info"

export const SetBuildingManagerRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const user = useUserInfo(token)
  const worksiteId = user.data?.worksite?._id
  return (
    <Page title="设置楼长">
      {user.loading ? <Loading /> : user.error ? <LoadFailed error={user.error} fallback={USER_INFO_FAILED} onRetry={user.reload} />
        : !user.data?.isPaotuiLeader || !isJoinedRunner(user.data) || !worksiteId
          ? <ErrorBlock status="default" title="只有跑腿队长可以设置楼长" description={null} data-testid="not-leader" />
          : <BuildingManagers worksiteId={worksiteId} token={token ?? ""} />}
    </Page>
  )
}
