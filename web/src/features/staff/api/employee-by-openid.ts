/**
 * The back-office employee bound to the signed-in user: by openid (`GET /auth/employee/getByOpen/{openid}`),
 * else, when the platform gave a unionid, by it (`GET /auth/employee/getByUnionid/{unionid}`: the same person
 * bound through another of the platform's apps). Both answer the employee as `user`.
 */
import { EmployeeByOpenid, EmployeeByUnionid, type EmployeeView } from "#src/staff/calls"
import { messages } from "#src/staff/employee"
import { failureMessage, send } from "../../../lib/api-client"
import { useLoad } from "../../../lib/use-load"

export type Employee = EmployeeView

export const fetchEmployeeByOpenid = async (openid: string): Promise<Employee> =>
  (await send(EmployeeByOpenid, `/auth/employee/getByOpen/${encodeURIComponent(openid)}`)).user

export const fetchEmployeeByUnionid = async (unionid: string): Promise<Employee> =>
  (await send(EmployeeByUnionid, `/auth/employee/getByUnionid/${encodeURIComponent(unionid)}`)).user

export const fetchEmployee = async (openid: string, unionid: string | null | undefined): Promise<Employee> => {
  try {
    return await fetchEmployeeByOpenid(openid)
  } catch (error) {
    if (!unionid || failureMessage(error, "") !== messages.notBound) throw error
    return fetchEmployeeByUnionid(unionid)
  }
}

export const useEmployeeByOpenid = (openid: string | undefined, unionid?: string | null) =>
  useLoad(openid ? () => fetchEmployee(openid, unionid) : undefined, [openid, unionid])
