/**
 * A circle post's life (issue 19's table over spec 002 §4's listed 1 / delisted 0), as one table: each action, the
 * statuses it may happen in, where it leads, who may take it and which kinds of post have it. A market item is
 * listed and delisted by its owner; every kind of post is deleted by its owner (final), hidden by the third distinct
 * report or by an admin, and restored by an admin to the status it had before. `transition` applies one action to a
 * post and answers the new post, or refuses; it reads no clock and no store.
 */
import { NotAllowed, StateConflict } from "../shared/errors"
import { POST_KINDS, PostKind } from "./codes"

export const PostStatus = { delisted: 0, listed: 1, hidden: 2, deleted: -1 } as const
export type PostStatus = (typeof PostStatus)[keyof typeof PostStatus]
export const POST_STATUSES = Object.values(PostStatus) as ReadonlyArray<PostStatus>

/** Distinct reporters that hide a post: the third one does, once. */
export const REPORTS_TO_HIDE = 3

export const OPERATION_FAILED = "操作失败"
export const REPORT_FAILED = "提交失败，请联系平台客服"

/** Who acts: the post's owner, anyone else with an openid (a reporter), or the station's admin. */
export type PostRole = "owner" | "reporter" | "admin"
export type PostActor = { readonly openid: string } | "admin"

const { listed, delisted, hidden, deleted } = PostStatus
const ITEM: ReadonlyArray<PostKind> = [PostKind.item]

/** `to: "same"` keeps the status, `"before"` goes back to the status before it was hidden. */
export const postTransitions = {
  /** `PUT status/{id}/0` after the confirm dialog: off `paging`, still in `pagingForMy`. */
  delist: { from: [listed], to: delisted, by: "owner", kinds: ITEM },
  /** `PUT status/{id}/1` after the confirm dialog. */
  relist: { from: [delisted], to: listed, by: "owner", kinds: ITEM },
  /** `PUT edit`: the item changes, its status does not. */
  edit: { from: [listed, delisted], to: "same", by: "owner", kinds: ITEM },
  /** `DELETE /api/circle/{id}`: gone for good, also when hidden. */
  delete: { from: [listed, delisted, hidden], to: deleted, by: "owner", kinds: POST_KINDS },
  /** `complain/{id}`: recorded once per reporter; the status stays unless it is the third distinct report. */
  report: { from: [listed, delisted, hidden], to: "same", by: "reporter", kinds: POST_KINDS },
  /** The report that makes three distinct reporters, on a post that is not hidden yet. */
  thirdReport: { from: [listed, delisted], to: hidden, by: "reporter", kinds: POST_KINDS },
  /** `station circle hide <id> --reason`. */
  hide: { from: [listed, delisted], to: hidden, by: "admin", kinds: POST_KINDS },
  /** `station circle restore <id>`: back to listed or delisted, as it was. */
  restore: { from: [hidden], to: "before", by: "admin", kinds: POST_KINDS }
} as const satisfies Record<string, {
  readonly from: ReadonlyArray<PostStatus>
  readonly to: PostStatus | "same" | "before"
  readonly by: PostRole
  readonly kinds: ReadonlyArray<PostKind>
}>

export type PostAction = keyof typeof postTransitions
/** What a caller asks for: a report is one action whichever report it is; the table tells the third apart. */
export type PostRequest = Exclude<PostAction, "thirdReport">
export const POST_REQUESTS = (Object.keys(postTransitions) as ReadonlyArray<PostAction>).filter((a): a is PostRequest => a !== "thirdReport")

export interface CirclePost {
  readonly kind: PostKind
  readonly owner: string
  readonly status: PostStatus
  /** The status a hidden post goes back to. */
  readonly statusBeforeHidden: PostStatus | null
  /** Everyone who reported it, each once. */
  readonly reporters: ReadonlyArray<string>
}

/** The status `PUT status/{id}/{status}` asks for, as its action: 0 delist, 1 relist, anything else none. */
export const statusRequest = (status: number): "delist" | "relist" | undefined =>
  status === delisted ? "delist" : status === listed ? "relist" : undefined

const roleOf = (post: CirclePost, who: PostActor): PostRole => (who === "admin" ? "admin" : who.openid === post.owner ? "owner" : "reporter")

/** Whether the owner's page offers this action on its post (the use case asks `transition` again). */
export const offers = (post: Pick<CirclePost, "kind" | "status">, action: PostAction): boolean => {
  const t = postTransitions[action]
  return (t.kinds as ReadonlyArray<PostKind>).includes(post.kind) && (t.from as ReadonlyArray<PostStatus>).includes(post.status)
}

/**
 * The post after the action, or the refusal: `NotAllowed` when this person may not take it (another's post, a user
 * doing an admin's work), `StateConflict` when the post's kind or status does not have it. A report is allowed
 * from anyone but the admin, the owner included; a reporter's second report changes nothing.
 */
export const transition = <P extends CirclePost>(post: P, action: PostRequest, who: PostActor): P | NotAllowed | StateConflict => {
  const failure = action === "report" ? REPORT_FAILED : OPERATION_FAILED
  const role = roleOf(post, who)
  const allowed = action === "report" ? role !== "admin" : postTransitions[action].by === role
  if (!allowed) return new NotAllowed({ message: failure })
  if (!offers(post, action)) return new StateConflict({ message: failure })
  if (action === "report") {
    const reporter = (who as { readonly openid: string }).openid
    if (post.reporters.includes(reporter)) return post
    const reporters = [...post.reporters, reporter]
    const third = reporters.length === REPORTS_TO_HIDE && offers(post, "thirdReport")
    return third ? { ...post, reporters, status: hidden, statusBeforeHidden: post.status } : { ...post, reporters }
  }
  const to = postTransitions[action].to
  return to === "same" ? post
    : to === "before" ? { ...post, status: post.statusBeforeHidden ?? listed, statusBeforeHidden: null }
    : to === hidden ? { ...post, status: to, statusBeforeHidden: post.status }
    : { ...post, status: to, statusBeforeHidden: null }
}
