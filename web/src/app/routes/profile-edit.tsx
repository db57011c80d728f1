/**
 * The personal-info edit pages: `/realnameEdit`, `/nicknameEdit`, `/sexEdit`, `/phoneEdit?type=main|vice` (on the
 * session's token) and `/idCardNoEdit/:token`, `/studentCardEdit/:token`. Saving returns to personal info.
 */
import { useLocation, useSearch } from "wouter"
import { Page } from "../../components/page"
import { UserGate } from "../../components/user-gate"
import { IdCardNoEdit } from "../../features/profile/components/id-card-no-edit"
import { NicknameEdit } from "../../features/profile/components/nickname-edit"
import { PhoneEdit } from "../../features/profile/components/phone-edit"
import { RealnameEdit } from "../../features/profile/components/realname-edit"
import { SexEdit } from "../../features/profile/components/sex-edit"
import { StudentCardEdit } from "../../features/profile/components/student-card-edit"
import { adoptRouteToken, sessionToken, tokenPath } from "../../lib/session"

/** Back to where the page was opened from, or to personal info when it was opened directly. */
const useBackToPersonalInfo = (token: string | undefined) => {
  const [, navigate] = useLocation()
  return () => {
    if (window.history.length > 1) window.history.back()
    else if (token) navigate(`/userInfo/express/${tokenPath(token)}`, { replace: true })
  }
}

export const RealnameEditRoute = () => {
  const token = sessionToken()
  const back = useBackToPersonalInfo(token)
  return <Page title="真实姓名"><UserGate token={token}>{(user) => <RealnameEdit user={user} onSaved={back} />}</UserGate></Page>
}

export const NicknameEditRoute = () => {
  const token = sessionToken()
  const back = useBackToPersonalInfo(token)
  return <Page title="昵称"><UserGate token={token}>{(user) => <NicknameEdit user={user} onSaved={back} />}</UserGate></Page>
}

export const SexEditRoute = () => {
  const token = sessionToken()
  const back = useBackToPersonalInfo(token)
  return <Page title="性别"><UserGate token={token}>{(user) => <SexEdit user={user} onSaved={back} />}</UserGate></Page>
}

export const PhoneEditRoute = () => {
  const token = sessionToken()
  const back = useBackToPersonalInfo(token)
  const type = new URLSearchParams(useSearch()).get("type") === "vice" ? "vice" : "main"
  return (
    <Page title={type === "main" ? "绑定主手机" : "绑定副手机"}>
      <UserGate token={token}>{(user) => <PhoneEdit key={type} type={type} user={user} onSaved={back} />}</UserGate>
    </Page>
  )
}

export const IdCardNoEditRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const back = useBackToPersonalInfo(token)
  return <Page title="身份证号"><UserGate token={token}>{(user) => <IdCardNoEdit masked={user.idCardNo} onSaved={back} />}</UserGate></Page>
}

export const StudentCardEditRoute = (props: { readonly params: { readonly token?: string } }) => {
  const token = adoptRouteToken(props.params.token)
  const back = useBackToPersonalInfo(token)
  return <Page title="学生证"><UserGate token={token}>{(user) => <StudentCardEdit user={user} onSaved={back} />}</UserGate></Page>
}
