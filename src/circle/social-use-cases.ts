/**
 * The social posts' use cases (issue 19): posting a teammate, a confession or a message (`sfadd`, `bbadd`,
 * `jyadd`), at the poster's worksite, with the poster's own uploads only, 20 a Shanghai day of each kind; a message
 * keeps the poster's motto for next time. The lists, the discovery page's latest posts and the sex split show the
 * viewer's worksite's listed posts only, each with the viewer's own reactions.
 */
import { Effect, Schema } from "effect"
import { People } from "../parcel/parcel-store"
import type { Actor } from "../shared/actor"
import { LimitReached, RuleViolation, StateConflict } from "../shared/errors"
import { logOperation, operationKind } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { startOfShanghaiDay } from "../shared/time"
import { messages as imageMessages, UploadField } from "../upload/image-upload"
import { signUrl } from "../upload/upload"
import { ownUpload } from "../upload/use-cases"
import { messages as worksiteMessages } from "../worksite/directory"
import { PostKind, type SocialKind } from "./codes"
import { circleMessages, confessionFormRefusal, messageFormRefusal, teammateFormRefusal } from "./forms"
import { limitMessages, POSTS_PER_DAY } from "./limits"
import { Reactions, SocialStore } from "./post-store"
import { sexSplit } from "./sex-split"
import { draftOf, SocialDraft, type Poster, type SocialCard, type SocialForm, type SocialPost } from "./social"
import { PostStatus } from "./status-machine"

export const AddSocialPostOperation = operationKind("addSocialPost", SocialDraft, Schema.Struct({ id: Schema.String, worksiteId: Schema.String }))

const formRefusal: Record<SocialKind, (form: SocialForm) => RuleViolation | undefined> = {
  [PostKind.teammate]: teammateFormRefusal,
  [PostKind.confession]: confessionFormRefusal,
  [PostKind.message]: messageFormRefusal
}

/** The caller with the worksite their posts belong to and their lists show; none chosen is refused. */
const personWithWorksite = Effect.fn("personWithWorksite")(function* (actor: Actor) {
  const person = yield* (yield* People).findById(actor.userId)
  if (!person?.worksiteId) return yield* new StateConflict({ message: worksiteMessages.required })
  return { ...person, worksiteId: person.worksiteId }
})

/** The path of an image the caller uploaded through the ordinary upload field; any other URL is refused. */
const ownImage = Effect.fn("ownImage")(function* (actor: Actor, url: string | undefined, refusal: string) {
  const upload = yield* ownUpload(actor, url)
  if (!upload || upload.field !== UploadField.other) return yield* new RuleViolation({ message: refusal })
  return signUrl(upload.dateFolder, upload.fileName)
})

/** Posts a checked draft at the poster's worksite: the daily limit, the post, a message's motto, the log. */
export const publishSocialPost = Effect.fn("publishSocialPost")(function* (actor: Actor, draft: SocialDraft) {
  const person = yield* personWithWorksite(actor)
  const store = yield* SocialStore
  const now = yield* (yield* Clock).now
  if ((yield* store.postedSince(person.id, draft.kind, startOfShanghaiDay(now))) >= POSTS_PER_DAY) {
    return yield* new LimitReached({ message: limitMessages.posts })
  }
  const post: SocialPost = {
    ...draft, id: yield* (yield* Ids).next, ownerId: person.id, worksiteId: person.worksiteId, status: PostStatus.listed,
    zan: 0, cai: 0, calls: 0, interest: 0, flower: 0, createdAt: now
  }
  yield* store.add(post)
  if (draft.kind === PostKind.message) yield* store.saveMotto(person.id, draft.motto)
  yield* logOperation(AddSocialPostOperation, actor.openid, now, draft, { id: post.id, worksiteId: post.worksiteId })
  return post
})

/** `sfadd`, `bbadd`, `jyadd`: the form's first problem, then its images (the caller's own uploads), then the post. */
export const addSocialPost = Effect.fn("addSocialPost")(function* (actor: Actor, kind: SocialKind, form: SocialForm) {
  const refused = formRefusal[kind](form)
  if (refused) return yield* refused
  const header = kind === PostKind.message ? null : yield* ownImage(actor, form.header, circleMessages.header)
  const pics = yield* Effect.forEach(form.pics ?? [], (url) => ownImage(actor, url, imageMessages.required))
  return yield* publishSocialPost(actor, draftOf(kind, form, header, pics))
})

/** The viewer's cards of these posts: their own reactions, and whether they wrote each. */
const cardsFor = Effect.fn("cardsFor")(function* (actor: Actor, rows: ReadonlyArray<{ readonly post: SocialPost; readonly poster: Poster }>) {
  const mine = yield* (yield* Reactions).mine(actor.openid, rows.map((r) => r.post.id))
  return rows.map((r): SocialCard => ({ ...r, myReactions: mine.get(r.post.id) ?? [], mine: r.post.ownerId === actor.userId }))
})

/** `sfPaging`, `bbPaging`, `jyPaging`: the worksite's listed posts of the kind, newest first, from page 1. */
export const socialPage = Effect.fn("socialPage")(function* (actor: Actor, kind: SocialKind, pageNo: number) {
  const person = yield* personWithWorksite(actor)
  const page = yield* (yield* SocialStore).page(person.worksiteId, kind, pageNo)
  return { ...page, results: yield* cardsFor(actor, page.results) }
})

/** `sfFirst`, `bbFirst`, `jyThree`: the newest listed posts of the kind at the viewer's worksite. */
export const latestSocial = Effect.fn("latestSocial")(function* (actor: Actor, kind: SocialKind, count: number) {
  const person = yield* personWithWorksite(actor)
  return yield* cardsFor(actor, yield* (yield* SocialStore).latest(person.worksiteId, kind, count))
})

/** `sfPercent`, `bbPercent`: how the worksite's listed teammates or confessions split between the sexes. */
export const socialSexSplit = Effect.fn("socialSexSplit")(function* (actor: Actor, kind: SocialKind) {
  const person = yield* personWithWorksite(actor)
  const { male, female } = yield* (yield* SocialStore).sexCounts(person.worksiteId, kind)
  return sexSplit(male, female)
})
