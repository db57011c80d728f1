/** `station runners`: runner applications waiting for review; approve or reject one as the operator. */
import type { UserProfile } from "#src/profile/profile"
import { pendingRunnerApplications, reviewRunner } from "#src/profile/use-cases"
import { PaotuiStatus } from "#src/profile/runner-application"
import { withRuntime } from "./database"
import { render, valueOf, type Options } from "./outcome"
import { pairs, table } from "./table"

const statusLabel: Record<number, string> = { [-1]: "-1 未申请", 0: "0 审核中", 1: "1 已加入", 2: "2 未通过" }

const view = (u: UserProfile) => ({
  userId: u.id, openid: u.openid, worksiteId: u.worksiteId, realname: u.realname, nickname: u.nickname, sex: u.sex, authStatus: u.authStatus,
  paotuiLeader: u.paotuiLeader, paotuiStatus: u.paotuiStatus
})

export interface ListOptions extends Options {
  readonly limit: number
}

export const listRunnerApplications = async (options: ListOptions) =>
  withRuntime(async (runtime) => {
    const rows = valueOf(await runtime.read(pendingRunnerApplications(options.limit))).map(view)
    render(options, rows, () =>
      rows.length === 0 ? "No runner applications waiting for review." : table(rows, [
        { header: "user id", value: (r) => r.userId },
        { header: "openid", value: (r) => r.openid },
        { header: "worksite", value: (r) => r.worksiteId },
        { header: "name", value: (r) => r.realname ?? r.nickname }
      ]))
  })

export const decideRunnerApplication = (decision: "approve" | "reject") => (userId: string, options: Options) =>
  withRuntime(async (runtime) => {
    const status = decision === "approve" ? PaotuiStatus.joined : PaotuiStatus.rejected
    const user = view(valueOf(await runtime.run(reviewRunner("operator", userId, status))))
    render(options, user, () => `${decision === "approve" ? "Approved" : "Rejected"}.\n${pairs([
      ["user id", user.userId],
      ["openid", user.openid],
      ["name", user.realname ?? user.nickname],
      ["status", statusLabel[user.paotuiStatus]]
    ])}`)
  })
