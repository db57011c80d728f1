/**
 * The worksite chooser (named route WorksiteList): `/worksiteList?token&from&platform&redirect`, and
 * `/worksiteEdit/:token` for choosing from personal info.
 */
import { useSearch } from "wouter"
import type { WorksiteChooserFrom } from "#src/profile/complete-profile"
import { LoadFailed } from "../../components/load-state"
import { Page } from "../../components/page"
import { WorksiteChooser } from "../../features/worksite/components/worksite-chooser"
import { adoptRouteToken, keepToken, sessionToken } from "../../lib/session"

const Chooser = (props: { readonly token: string | undefined; readonly from: WorksiteChooserFrom; readonly platform: string; readonly redirect: string }) => (
  <Page title="网点列表">
    {props.token ? <WorksiteChooser token={props.token} from={props.from} platform={props.platform} redirect={props.redirect} />
      : <LoadFailed error={undefined} fallback="请从公众号菜单进入" />}
  </Page>
)

export const WorksiteListRoute = () => {
  const query = new URLSearchParams(useSearch())
  const queried = query.get("token")
  if (queried) keepToken(queried)
  const from: WorksiteChooserFrom = query.get("from") === "addUserInfo" ? "addUserInfo" : "userInfo"
  return (
    <Chooser
      token={queried ?? sessionToken()}
      from={from}
      platform={query.get("platform") || "express"}
      redirect={query.get("redirect") || "my"}
    />
  )
}

export const WorksiteEditRoute = (props: { readonly params: { readonly token?: string } }) => (
  <Chooser token={adoptRouteToken(props.params.token)} from="userInfo" platform="express" redirect="my" />
)
