/**
 * The station operator's moderation of circle posts (issue 19, `station circle reports | hide | restore | show`):
 * the reported posts with their counts and status (open: reported since the operator last decided on it, not
 * deleted), hiding a listed or delisted post with a reason, restoring a hidden one to the status it had before, and
 * one post with its reports and decisions. Hiding and restoring go through the status machine, are kept as
 * decisions and are logged under the operator.
 */
import { Effect, Schema } from "effect"
import { NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { ById, IdStatus, logOperation, operationKind, STATION_OPERATOR } from "../shared/operation"
import { Clock } from "../shared/ports"
import { CirclePosts } from "./post-store"
import { transition } from "./status-machine"

export const moderationMessages = {
  notFound: "没有这条内容",
  reasonRequired: "请填写屏蔽原因",
  notShown: "只能屏蔽上架或下架的内容",
  notHidden: "这条内容没有被屏蔽"
} as const

/** The longest reason kept with a hidden post. */
export const REASON_MAX = 200

export const HidePostOperation = operationKind("hidePost", Schema.Struct({ id: Schema.String, reason: Schema.String }), IdStatus)
export const RestorePostOperation = operationKind("restorePost", ById, IdStatus)

/** `station circle reports [--open]`: reported posts, most recently reported first. */
export const circleReports = Effect.fn("circleReports")(function* (filter: { readonly open: boolean }) {
  return yield* (yield* CirclePosts).reported(filter)
})

/** `station circle show <id>`: the post, its reports (oldest first) and the operator's decisions on it. */
export const showPost = Effect.fn("showPost")(function* (id: string) {
  const posts = yield* CirclePosts
  const post = yield* posts.summary(id)
  if (!post) return yield* new NotFound({ message: moderationMessages.notFound })
  return { post, reports: yield* posts.reportsOf(id), decisions: yield* posts.moderationOf(id) }
})

/** Locks the post and moves it by the operator's action, or refuses. */
const decide = Effect.fn("decide")(function* (id: string, action: "hide" | "restore", reason: string | null) {
  const posts = yield* CirclePosts
  const post = yield* posts.lock(id)
  if (!post) return yield* new NotFound({ message: moderationMessages.notFound })
  const next = transition(post, action, "admin")
  // the operator may take both actions: what refuses one is the post's status
  if (next instanceof Error) return yield* new StateConflict({ message: action === "hide" ? moderationMessages.notShown : moderationMessages.notHidden })
  const at = yield* (yield* Clock).now
  yield* posts.setStatus(post, { status: next.status, statusBeforeHidden: next.statusBeforeHidden, hiddenReason: reason }, at)
  yield* posts.moderate(id, { action, reason, at })
  return { at, post: next }
})

/** `station circle hide <id> --reason`: a listed or delisted post leaves every list; its owner still sees it. */
export const hidePost = Effect.fn("hidePost")(function* (id: string, reason: string) {
  const why = reason.trim()
  if (why === "") return yield* new RuleViolation({ message: moderationMessages.reasonRequired })
  const { at, post } = yield* decide(id, "hide", [...why].slice(0, REASON_MAX).join(""))
  yield* logOperation(HidePostOperation, STATION_OPERATOR, at, { id, reason }, { id, status: post.status })
  return { id, status: post.status }
})

/** `station circle restore <id>`: a hidden post goes back to the status it had before. */
export const restorePost = Effect.fn("restorePost")(function* (id: string) {
  const { at, post } = yield* decide(id, "restore", null)
  yield* logOperation(RestorePostOperation, STATION_OPERATOR, at, { id }, { id, status: post.status })
  return { id, status: post.status }
})
