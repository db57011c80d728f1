/**
 * `station circle reports|show|hide|restore`: the operator's moderation of the campus circle. Reported posts with
 * their counts (`--open`: reported since the operator last decided on them), one post with its reports and decisions,
 * and hiding or restoring a post through the post status machine, logged under the operator and replayed.
 */
import { shanghaiDateTime } from "#src/shared/time"
import { complaintName, PostKind } from "#src/circle/codes"
import { circleReports, hidePost, restorePost, showPost } from "#src/circle/moderation"
import type { PostSummary } from "#src/circle/post-store"
import { PostStatus } from "#src/circle/status-machine"
import { withRuntime } from "./database"
import { render, valueOf, type Options } from "./outcome"
import { word } from "./lang"
import { pairs, table } from "./table"


const KIND_NAMES: Record<PostKind, string> = { [PostKind.item]: "item", [PostKind.teammate]: "teammate", [PostKind.confession]: "confession", [PostKind.message]: "message" }
const STATUS_NAMES: Record<number, string> = {
  [PostStatus.listed]: "listed", [PostStatus.delisted]: "delisted", [PostStatus.hidden]: "hidden", [PostStatus.deleted]: "deleted"
}
const statusName = (status: number) => word(STATUS_NAMES[status] ?? String(status))

export interface ReportsOptions extends Options {
  readonly open?: boolean
}

export const listReports = async (options: ReportsOptions) =>
  withRuntime(async (runtime) => {
    const rows = valueOf(await runtime.read(circleReports({ open: options.open === true })))
    render(options, rows, () =>
      rows.length === 0 ? (options.open ? "No open reports." : "No reported posts.") : table(rows, [
        { header: "id", value: (p) => p.id },
        { header: "kind", value: (p) => word(KIND_NAMES[p.kind]) },
        { header: "worksite", value: (p) => p.worksiteId },
        { header: "headline", value: (p) => p.headline },
        { header: "status", value: (p) => statusName(p.status) },
        { header: "reports", value: (p) => p.reports },
        { header: "last report", value: (p) => shanghaiDateTime(p.lastReportAt) },
        { header: "open", value: (p) => word(p.open ? "yes" : "no") }
      ]))
  })

const described = (post: PostSummary) => pairs([
  ["id", post.id], ["kind", word(KIND_NAMES[post.kind])], ["worksite", post.worksiteId], ["owner", post.ownerOpenid], ["headline", post.headline],
  ["status", statusName(post.status)], ["hidden because", post.hiddenReason], ["posted", shanghaiDateTime(post.createdAt)]
])

export const showCirclePost = async (id: string, options: Options) =>
  withRuntime(async (runtime) => {
    const { post, reports, decisions } = valueOf(await runtime.read(showPost(id)))
    render(options, { post, reports, decisions }, () => [
      described(post),
      "",
      reports.length === 0 ? "No reports." : table(reports, [
        { header: "reported", value: (r) => shanghaiDateTime(r.at) },
        { header: "by", value: (r) => r.reporterOpenid },
        { header: "complaint", value: (r) => word(complaintName[r.complain]) }
      ]),
      ...(decisions.length === 0 ? [] : ["", table(decisions, [
        { header: "decided", value: (d) => shanghaiDateTime(d.at) },
        { header: "action", value: (d) => word(d.action) },
        { header: "reason", value: (d) => d.reason ?? "" }
      ])])
    ].join("\n"))
  })

export interface HideOptions extends Options {
  readonly reason: string
}

export const hideCirclePost = async (id: string, options: HideOptions) =>
  withRuntime(async (runtime) => {
    const hidden = valueOf(await runtime.run(hidePost(id, options.reason)))
    render(options, hidden, () => `Hidden: ${id} left every list; its owner still sees it as hidden.`)
  })

export const restoreCirclePost = async (id: string, options: Options) =>
  withRuntime(async (runtime) => {
    const restored = valueOf(await runtime.run(restorePost(id)))
    render(options, restored, () => `Restored: ${id} is ${statusName(restored.status)} again.`)
  })
