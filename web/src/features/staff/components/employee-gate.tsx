/** Shows a staff screen only for a bound employee; an unbound user is sent to the bind screen. */
import { Toast } from "antd-mobile"
import { useEffect, type ReactNode } from "react"
import { useLocation } from "wouter"
import { messages } from "#src/staff/employee"
import { LoadFailed, Loading } from "../../../components/load-state"
import { failureMessage } from "../../../lib/api-client"
import { tokenPath } from "../../../lib/session"
import { USER_INFO_FAILED, useUserInfo } from "../../../lib/user-info"
import { useEmployeeByOpenid, type Employee } from "../api/employee-by-openid"

export const EmployeeGate = (props: {
  readonly token: string | undefined
  readonly redirect: string
  readonly children: (employee: Employee) => ReactNode
}) => {
  const user = useUserInfo(props.token)
  const employee = useEmployeeByOpenid(user.data?.openid, user.data?.unionid)
  const [, navigate] = useLocation()
  const notBound = employee.error !== undefined && failureMessage(employee.error, "") === messages.notBound

  useEffect(() => {
    if (!notBound || !props.token) return
    Toast.show({ content: messages.notBound })
    navigate(`/bind/${props.redirect}/${tokenPath(props.token)}`, { replace: true })
  }, [notBound, props.token, props.redirect, navigate])

  if (!props.token) return <LoadFailed error={undefined} fallback="请从公众号菜单进入" />
  if (user.error) return <LoadFailed error={user.error} fallback={USER_INFO_FAILED} onRetry={user.reload} />
  if (employee.error) {
    return notBound ? <Loading text={messages.notBound} /> : <LoadFailed error={employee.error} fallback="获取员工信息失败" onRetry={employee.reload} />
  }
  if (!employee.data) return <Loading />
  return <>{props.children(employee.data)}</>
}
