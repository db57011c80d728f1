/** `station verify`: real-name submissions waiting for review; pass or reject one as the operator. */
import { shanghaiDateTime } from "#src/shared/time"
import { maskIdCardNo, type UserProfile } from "#src/profile/profile"
import { pendingVerifications, reviewAuth } from "#src/profile/use-cases"
import { AuthStatus } from "#src/profile/verification"
import { withRuntime } from "./database"
import { render, valueOf, type Options } from "./outcome"
import { pairs, table } from "./table"

const statusLabel: Record<number, string> = { [-1]: "-1 待实名认证", 0: "0 审核中", 1: "1 已通过", 2: "2 未通过" }

const view = (u: UserProfile) => ({
  userId: u.id, openid: u.openid, worksiteId: u.worksiteId, realname: u.toAuthRealname, idCardNo: maskIdCardNo(u.toAuthIdCardNo),
  sex: u.sex, idCardUrl: u.idCardUrl, studentCardUrl: u.studentCardUrl, submittedAt: u.authSubmittedAt, authStatus: u.authStatus,
  rejectComment: u.rejectComment
})

export interface ListOptions extends Options {
  readonly limit: number
}

export const listVerifications = async (options: ListOptions) =>
  withRuntime(async (runtime) => {
    const rows = valueOf(await runtime.read(pendingVerifications(options.limit))).map(view)
    render(options, rows, () =>
      rows.length === 0 ? "No real-name submissions waiting for review." : table(rows, [
        { header: "user id", value: (r) => r.userId },
        { header: "openid", value: (r) => r.openid },
        { header: "worksite", value: (r) => r.worksiteId },
        { header: "name", value: (r) => r.realname },
        { header: "ID number", value: (r) => r.idCardNo },
        { header: "student card", value: (r) => (r.studentCardUrl ? "yes" : "no") },
        { header: "submitted", value: (r) => r.submittedAt && shanghaiDateTime(r.submittedAt) }
      ]))
  })

export interface DecideOptions extends Options {
  readonly comment?: string
}

export const decideVerification = (decision: "pass" | "reject") => (userId: string, options: DecideOptions) =>
  withRuntime(async (runtime) => {
    const status = decision === "pass" ? AuthStatus.passed : AuthStatus.rejected
    const user = view(valueOf(await runtime.run(reviewAuth("operator", userId, status, options.comment))))
    render(options, user, () => `${decision === "pass" ? "Passed" : "Rejected"}.\n${pairs([
      ["user id", user.userId],
      ["openid", user.openid],
      ["name", user.realname],
      ["ID number", user.idCardNo],
      ["status", statusLabel[user.authStatus]],
      ...(user.rejectComment ? [["comment", user.rejectComment] as const] : [])
    ])}`)
  })
