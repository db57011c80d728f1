/** The donation and SMS top-up calls, and the worksite a top-up is for (the staff member's own, else the user's). */
import { EmployeeByOpenid } from "#src/staff/calls"
import { Deposit, Donate } from "#src/support/calls"
import { WorksiteDetail } from "#src/worksite/calls"
import { send } from "../../../lib/api-client"
import type { UserInfo } from "../../../lib/user-info"
import { useLoad } from "../../../lib/use-load"

export const donate = () => send(Donate, "/api/common/donate")

export const depositSms = (worksiteId: string, money: number) => send(Deposit, "/api/common/deposit", { method: "POST", input: { worksiteId, money } })

/** Staff top up the worksite they work at; anyone else sees the one they chose. */
const worksiteIdOf = async (user: UserInfo): Promise<string | undefined> =>
  user.role === "staff"
    ? (await send(EmployeeByOpenid, `/auth/employee/getByOpen/${encodeURIComponent(user.openid)}`)).user.worksite._id
    : user.worksite?._id

export const fetchTopUpWorksite = async (user: UserInfo) => {
  const id = await worksiteIdOf(user)
  return id ? send(WorksiteDetail, `/api/worksite/detail/${encodeURIComponent(id)}`) : undefined
}

export const useTopUpWorksite = (user: UserInfo) => useLoad(() => fetchTopUpWorksite(user), [user._id])
