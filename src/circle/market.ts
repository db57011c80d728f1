/**
 * The market's use cases (spec 002 §2 "Circle screens", §4, §5 "Circle form", §7; issue 19): a verified student posts
 * an item at their own worksite (its pictures their own uploads, 20 a day), edits it, lists and delists it; lists
 * show the viewer's worksite's listed items, `pagingForMy` the owner's own; a detail is shown to its worksite, to a
 * visitor who came by a share, and to its owner even when hidden, and a view by anyone but the owner counts. Each
 * change is logged, and `station replay` redoes it with the pictures as they were found then.
 */
import { Effect, Schema } from "effect"
import { AuthStatus, messages as verificationMessages } from "../profile/verification"
import { ProfileStore } from "../profile/profile-store"
import type { Actor } from "../shared/actor"
import { LimitReached, NotAllowed, NotFound, RuleViolation, StateConflict } from "../shared/errors"
import { IdStatus, logOperation, operationKind } from "../shared/operation"
import { Clock, Ids } from "../shared/ports"
import { startOfShanghaiDay } from "../shared/time"
import { BAD_REQUEST } from "../shared/wire"
import { messages as uploadMessages } from "../upload/image-upload"
import { ownUpload } from "../upload/use-cases"
import { signUrl } from "../upload/upload"
import type { Uploads } from "../upload/upload-store"
import { AddItem, EditItem, type Pic } from "./calls"
import { ALL, BizType, formGoodsTypeOf, isBizType, isFeeType, isShow, Show } from "./codes"
import { marketFormRefusal, type MarketForm } from "./forms"
import { itemContentOf, itemPost, itemView, type CircleItem, type ItemPic } from "./item"
import { ItemStore, type ListedFilter } from "./item-store"
import { limitMessages, POSTS_PER_DAY } from "./limits"
import { OPERATION_FAILED, PostStatus, statusRequest, transition, type PostRequest } from "./status-machine"
import { DETAIL_FAILED, signedIn, type Viewer } from "./viewer"

/** The newest listed items home shows. */
export const LATEST_ITEMS = 5

export const marketMessages = {
  notVerified: verificationMessages.senderNotVerified,
  /** A picture that is not one of the poster's own uploads, as for every other photo (`ownImagePath`). */
  notOwnPicture: uploadMessages.required
} as const

/** An item added, as logged: the form as typed, its pictures as the poster's uploads found then; the new id. */
export const AddItemOperation = operationKind("addCircleItem", AddItem.request, Schema.Struct({ id: Schema.String }))
export const EditItemOperation = operationKind("editCircleItem", EditItem.request, IdStatus)
export const ItemStatusOperation = operationKind("circleItemStatus", Schema.Struct({ id: Schema.String, status: Schema.Number }), IdStatus)
/** A view by anyone but the owner, as the operations log keeps it: the viewer (a visitor or signed in) and the count it made. */
export const ItemViewedOperation = operationKind("circleItemViewed", Schema.Struct({ id: Schema.String, visitor: Schema.Boolean }),
  Schema.Struct({ id: Schema.String, viewCount: Schema.Number }))

type AddItemInput = typeof AddItem.request.Type
type EditItemInput = typeof EditItem.request.Type
type TypedPics = ReadonlyArray<typeof Pic.Type>
type ItemPics = (actor: Actor, typed: TypedPics) => Effect.Effect<ReadonlyArray<ItemPic>, RuleViolation, Uploads>

/** Each picture the poster's own upload, as it is served; any other is refused. */
export const ownPics: ItemPics = Effect.fn("ownItemPics")(function* (actor: Actor, typed: TypedPics) {
  const pics: Array<ItemPic> = []
  for (const pic of typed) {
    const upload = yield* ownUpload(actor, pic.url)
    if (!upload || upload.id !== pic._id) return yield* new RuleViolation({ message: marketMessages.notOwnPicture })
    pics.push({ id: upload.id, url: signUrl(upload.dateFolder, upload.fileName) })
  }
  return pics
})

/** The pictures as the log kept them: found to be the poster's when the change was made (a replay trusts them). */
export const loggedPics: ItemPics = (_, typed) => Effect.succeed(typed.map((p) => ({ id: p._id, url: p.url })))

const badRequest = () => new RuleViolation({ message: BAD_REQUEST })

/** The form with its codes read, then its first problem in the spec's order. */
const checkedForm = (input: AddItemInput | EditItemInput): Effect.Effect<MarketForm, RuleViolation> => {
  const { bizType, feeType, show } = input
  if (!isBizType(bizType) || !isFeeType(feeType) || (bizType === BizType.skill && !isShow(show))) return Effect.fail(badRequest())
  const form: MarketForm = { ...input, bizType, feeType, show: isShow(show) ? show : Show.phone }
  const refused = marketFormRefusal(form)
  return refused ? Effect.fail(refused) : Effect.succeed(form)
}

/** The post after the owner's action on the item, or the machine's refusal ('操作失败'). */
const moved = (item: CircleItem, action: PostRequest, actor: Actor) => {
  const next = transition(itemPost(item), action, { openid: actor.openid })
  return next instanceof NotAllowed || next instanceof StateConflict ? Effect.fail(next) : Effect.succeed(next)
}

const lockedItem = Effect.fn("lockedItem")(function* (id: string | undefined) {
  const item = id ? yield* (yield* ItemStore).lock(id) : undefined
  if (!item) return yield* new NotFound({ message: OPERATION_FAILED })
  return item
})

/** `POST /api/circle/add` with its pictures found by `pics`: verified, at one's own worksite, the form, 20 a day. */
export const addItemWith = Effect.fn("addCircleItem")(function* (actor: Actor, input: AddItemInput, pics: ItemPics) {
  // the profile held to the end: one person's adds at once are counted one after the other
  const profile = yield* (yield* ProfileStore).lock(actor.userId)
  if (!profile || profile.authStatus !== AuthStatus.passed) return yield* new NotAllowed({ message: marketMessages.notVerified })
  if (!profile.worksiteId || input.worksite !== profile.worksiteId) return yield* new NotAllowed({ message: OPERATION_FAILED })
  const form = yield* checkedForm(input)
  const found = yield* pics(actor, input.pics ?? [])
  const store = yield* ItemStore
  const now = yield* (yield* Clock).now
  if ((yield* store.postedSince(actor.userId, startOfShanghaiDay(now))) >= POSTS_PER_DAY) return yield* new LimitReached({ message: limitMessages.posts })
  const id = yield* (yield* Ids).next
  yield* store.add({ id, ownerId: actor.userId, worksiteId: profile.worksiteId, content: itemContentOf(form, found), createdAt: now })
  yield* logOperation(AddItemOperation, actor.openid, now, { ...input, pics: found.map((p) => ({ _id: p.id, url: p.url })) }, { id })
  return id
})

export const addItem = (actor: Actor, input: AddItemInput) => addItemWith(actor, input, ownPics)

/** `PUT /api/circle/edit`: the owner's listed or delisted item, every field again; its status stays. */
export const editItemWith = Effect.fn("editCircleItem")(function* (actor: Actor, input: EditItemInput, pics: ItemPics) {
  const item = yield* lockedItem(input._id)
  yield* moved(item, "edit", actor)
  const form = yield* checkedForm(input)
  const found = yield* pics(actor, input.pics ?? [])
  const now = yield* (yield* Clock).now
  yield* (yield* ItemStore).edit(item.id, itemContentOf(form, found), now)
  const edited = { id: item.id, status: item.status }
  yield* logOperation(EditItemOperation, actor.openid, now, { ...input, pics: found.map((p) => ({ _id: p.id, url: p.url })) }, edited)
  return edited
})

export const editItem = (actor: Actor, input: EditItemInput) => editItemWith(actor, input, ownPics)

/** `PUT /api/circle/status/{id}/{status}`: 0 delists the owner's listed item, 1 lists a delisted one again. */
export const setItemStatus = Effect.fn("circleItemStatus")(function* (actor: Actor, input: { readonly id?: string | undefined; readonly status?: number | undefined }) {
  const status = input.status ?? Number.NaN
  const action = statusRequest(status)
  if (!action) return yield* new RuleViolation({ message: OPERATION_FAILED })
  const item = yield* lockedItem(input.id)
  const next = yield* moved(item, action, actor)
  const now = yield* (yield* Clock).now
  yield* (yield* ItemStore).setStatus(item.id, next.status, now)
  yield* logOperation(ItemStatusOperation, actor.openid, now, { id: item.id, status }, { id: item.id, status: next.status })
  return { id: item.id, status: next.status }
})

/** The views of items for this viewer, each with the viewer's own reactions. */
const viewsFor = Effect.fn("itemViews")(function* (viewer: Pick<Viewer, "openid">, items: ReadonlyArray<CircleItem>) {
  const reactions = items.length ? yield* (yield* ItemStore).reactionsOf(viewer.openid, items.map((i) => i.id)) : new Map<string, ReadonlyArray<number>>()
  return items.map((item) => itemView(item, viewer.openid, reactions.get(item.id) ?? []))
})

const worksiteOf = Effect.fn("viewerWorksite")(function* (actor: Actor) {
  return (yield* (yield* ProfileStore).find(actor.userId))?.worksiteId ?? null
})

/** A list filter's code: −1 or none is every item, a code the list does not have is a bad request. */
const filterOf = (code: number | undefined, read: (code: number) => number | undefined): Effect.Effect<number | undefined, RuleViolation> => {
  if (code === undefined || code === ALL) return Effect.succeed(undefined)
  const value = read(code)
  return value === undefined ? Effect.fail(badRequest()) : Effect.succeed(value)
}

const emptyPage = (pageNumber: number) => ({ results: [], pageNumber, pageCount: 1, recordCount: 0 })

/** `GET /api/circle/paging`: the listed items of the caller's worksite, newest first, by the filter's category or by kind; pages from 0. */
export const itemPaging = Effect.fn("itemPaging")(function* (actor: Actor, input: { readonly pageNo?: number | undefined; readonly goodsType?: number | undefined; readonly bizType?: number | undefined }) {
  const goodsType = yield* filterOf(input.goodsType, formGoodsTypeOf)
  const bizType = yield* filterOf(input.bizType, (b) => (isBizType(b) ? b : undefined))
  const page = (input.pageNo ?? 0) + 1
  const worksiteId = yield* worksiteOf(actor)
  if (!worksiteId) return emptyPage(page)
  const filter: ListedFilter = { worksiteId, goodsType, bizType }
  const listed = yield* (yield* ItemStore).listed(filter, page)
  return { ...listed, results: yield* viewsFor(actor, listed.results) }
})

/** `GET /api/circle/pagingForMy`: the caller's own items, delisted and hidden ones too, newest first; pages from 0. */
export const myItemPaging = Effect.fn("myItemPaging")(function* (actor: Actor, pageNo: number | undefined) {
  const mine = yield* (yield* ItemStore).mine(actor.userId, (pageNo ?? 0) + 1)
  return { ...mine, results: yield* viewsFor(actor, mine.results) }
})

/** `GET /api/circle/latestInfo`: the five newest listed items of the caller's worksite, for home. */
export const latestItems = Effect.fn("latestItems")(function* (actor: Actor) {
  const worksiteId = yield* worksiteOf(actor)
  return worksiteId ? yield* viewsFor(actor, yield* (yield* ItemStore).latest(worksiteId, LATEST_ITEMS)) : []
})

/**
 * Who may see an item: its owner while it is not deleted; anyone else while it is listed or delisted, a signed-in
 * user only at its worksite, a visitor (who came by a share) whatever the worksite.
 */
export const mayView = (item: Pick<CircleItem, "owner" | "status" | "worksiteId">, viewer: Viewer, viewerWorksite: string | null): boolean =>
  item.owner.openid === viewer.openid
    ? item.status !== PostStatus.deleted
    : (item.status === PostStatus.listed || item.status === PostStatus.delisted) && (viewer.visitor || item.worksiteId === viewerWorksite)

/** An item's detail for this viewer ('获取详情失败' when they may not see it); a view by anyone but the owner counts. */
export const viewItem = Effect.fn("viewItem")(function* (viewer: Viewer, id: string | undefined) {
  const store = yield* ItemStore
  const item = id ? yield* store.find(id) : undefined
  if (!item || !mayView(item, viewer, viewer.visitor ? null : yield* worksiteOf(viewer))) return yield* new NotFound({ message: DETAIL_FAILED })
  const viewCount = item.owner.openid === viewer.openid ? item.viewCount : yield* countedView(viewer, item.id)
  return (yield* viewsFor(viewer, [{ ...item, viewCount }]))[0]!
})

const countedView = Effect.fnUntraced(function* (viewer: Viewer, id: string) {
  const viewCount = yield* (yield* ItemStore).countView(id)
  yield* logOperation(ItemViewedOperation, viewer.openid, yield* (yield* Clock).now, { id, visitor: viewer.visitor }, { id, viewCount })
  return viewCount
})

/** `GET /api/circle/detail/{id}`: for a session. */
export const itemDetail = (actor: Actor, id: string | undefined) => viewItem(signedIn(actor), id)
