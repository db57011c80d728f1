/** The back-office employee bound to a messaging-app openid (`GET /auth/employee/getByOpen/{openid}`, answered as `user`). */
import { EmployeeByOpenid, type EmployeeView } from "#src/staff/calls"
import { send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export type Employee = EmployeeView

export const fetchEmployeeByOpenid = async (openid: string): Promise<Employee> =>
  (await send(EmployeeByOpenid, `/auth/employee/getByOpen/${encodeURIComponent(openid)}`)).user

export const useEmployeeByOpenid = (openid: string | undefined) =>
  useLoad(openid ? () => fetchEmployeeByOpenid(openid) : undefined, [openid])
