/**
 * The circle's calls (spec 002 §7, issue 19): each request and answer as one Schema, read by the route and the
 * page. Forms are read as typed (prices and quantities as text) so the core answers with the spec's words
 * (forms.ts); a list far beyond any limit cannot be read at all.
 */
import { Schema } from "effect"
import { Instant, Loose, Page, PageNo, Text, Whole, call, readWhole } from "../shared/wire"

/** Free text read generously, so the form check answers an over-long title, motto or word with its own message. */
const LONG_TEXT = 512
/** An image URL (image host + `/sign/…`). */
const URL_TEXT = 1024
/** More pictures or tags than anyone sends: beyond it the call is a bad request, below it the form check answers. */
const LIST_MAX = 32

/** The page of `paging` and `pagingForMy`: counted from 0 (§4); anything else is the first page. */
export const PageFromZero = Loose((value) => {
  const n = readWhole(value)
  return n !== undefined && n >= 0 && n <= 10_000 ? n : 0
}, Schema.UndefinedOr(Schema.Int))

/** A market item's picture: an upload of the caller's own (`_id`) and its URL. */
export const Pic = Schema.Struct({ _id: Schema.String.check(Schema.isMaxLength(128)), url: Schema.String.check(Schema.isMaxLength(URL_TEXT)) })

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null

const readPics = (value: unknown): ReadonlyArray<typeof Pic.Type> | undefined =>
  Array.isArray(value)
    ? value.filter(isRecord).filter((p) => typeof p._id === "string" && typeof p.url === "string").map((p) => ({ _id: p._id as string, url: p.url as string }))
    : undefined

const readTexts = (value: unknown): ReadonlyArray<string> | undefined =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" && value !== "" ? [value] : undefined

const Pics = Loose(readPics, Schema.UndefinedOr(Schema.Array(Pic).check(Schema.isMaxLength(LIST_MAX))))
/** A list of texts (image URLs, tags): a JSON array, or one text alone; items of other kinds are dropped. */
const Texts = (max: number) => Loose(readTexts, Schema.UndefinedOr(Schema.Array(Schema.String.check(Schema.isMaxLength(max))).check(Schema.isMaxLength(LIST_MAX))))

const Id = { id: Text() }

/** A market item as the edit form sends it (`MarketForm` once its codes are checked). */
const ItemFields = {
  bizType: Whole,
  goodsType: Whole,
  title: Text(LONG_TEXT),
  sum: Text(),
  remark: Text(LONG_TEXT),
  demand: Text(LONG_TEXT),
  feeType: Whole,
  price: Text(),
  cost: Text(),
  level: Whole,
  major: Text(),
  class: Whole,
  phone: Text(),
  wxNo: Text(LONG_TEXT),
  show: Whole,
  pics: Pics
}

const Reactions = {
  /** The viewer's own reactions to it (`ReactionType` codes). */
  myReactions: Schema.Array(Schema.Number),
  /** Whether the viewer wrote it. */
  mine: Schema.Boolean
}

/** A market item as lists and details show it; `phone` and `wxNo` only to its owner (else null), price in yuan, −1 free. */
export const ItemView = Schema.Struct({
  _id: Schema.String,
  bizType: Schema.Number,
  goodsType: Schema.Number,
  title: Schema.String,
  sum: Schema.Number,
  remark: Schema.String,
  demand: Schema.String,
  feeType: Schema.Number,
  price: Schema.Number,
  cost: Schema.NullOr(Schema.Number),
  level: Schema.NullOr(Schema.Number),
  major: Schema.NullOr(Schema.String),
  class: Schema.NullOr(Schema.Number),
  phone: Schema.NullOr(Schema.String),
  wxNo: Schema.NullOr(Schema.String),
  show: Schema.NullOr(Schema.Number),
  pics: Schema.Array(Pic),
  status: Schema.Number,
  view: Schema.Number,
  zan: Schema.Number,
  createdAt: Instant,
  user: Schema.Struct({ nickname: Schema.String, headimgBase64: Schema.NullOr(Schema.String) }),
  worksite: Schema.String,
  ...Reactions
})
export type ItemView = typeof ItemView.Type

/** `POST /api/circle/add` (Idempotency-Key): the item and its worksite; the answer is the new id. */
export const AddItem = call(Schema.Struct({ ...ItemFields, worksite: Text() }), Schema.String)
/** `PUT /api/circle/edit`: the owner's item, all fields again. */
export const EditItem = call(Schema.Struct({ _id: Text(), ...ItemFields }), Schema.Void)
/** `PUT /api/circle/status/{id}/{status}`: 0 delist, 1 list again. */
export const SetItemStatus = call(Schema.Struct({ ...Id, status: Whole }), Schema.Void)
/** `DELETE /api/circle/{id}`: the owner's item or social post. */
export const DeletePost = call(Schema.Struct(Id), Schema.Void)

/** `GET /api/circle/paging`: the worksite's listed items, by the filter's goodsType (10 books, −1 all) or by bizType. */
export const ItemPaging = call(Schema.Struct({ pageNo: PageFromZero, goodsType: Whole, bizType: Whole }), Page(ItemView))
/** `GET /api/circle/pagingForMy`: the caller's own items, delisted and hidden ones too. */
export const MyItemPaging = call(Schema.Struct({ pageNo: PageFromZero }), Page(ItemView))
/** `GET /api/circle/latestInfo`: the five newest listed items, for home. */
export const LatestItems = call(Schema.Struct({}), Schema.Array(ItemView))
/** `GET /api/circle/detail/{id}`: an item for a session. */
export const ItemDetail = call(Schema.Struct(Id), ItemView)
/** `GET /api/circle/getById/{id}?openid`: an item for a visitor. */
export const ItemById = call(Schema.Struct({ ...Id, openid: Text() }), ItemView)

/** `PUT /api/circle/active/{id}`: a reaction; the answer is the new count, or 0 when given before. */
export const React = call(Schema.Struct({ ...Id, bizType: Whole, type: Whole, openid: Text() }), Schema.Number)
/** `GET /api/circle/complain/{id}?openid&complain`: a report, once per reporter. */
export const Complain = call(Schema.Struct({ ...Id, openid: Text(), complain: Whole }), Schema.Void)
/** `GET /api/circle/hu/{id}`: a teammate's chat account, sent to the caller as a message, never in the answer. */
export const CallTeammate = call(Schema.Struct(Id), Schema.Void)
/** `GET /api/circle/contact/{id}?openid`: the owner's phone or chat account, sent the same way. */
export const Contact = call(Schema.Struct({ ...Id, openid: Text() }), Schema.Void)

/** `POST /api/circle/sfadd` (Idempotency-Key): sell a teammate. */
export const AddTeammate = call(
  Schema.Struct({ nickname: Text(LONG_TEXT), sex: Whole, wxNo: Text(LONG_TEXT), motto: Text(LONG_TEXT), flags: Texts(LONG_TEXT), header: Text(URL_TEXT), pics: Texts(URL_TEXT) }),
  Schema.String
)
/** `POST /api/circle/bbadd` (Idempotency-Key): a confession. */
export const AddConfession = call(
  Schema.Struct({ nickname: Text(LONG_TEXT), sex: Whole, word: Text(LONG_TEXT), header: Text(URL_TEXT), pics: Texts(URL_TEXT) }),
  Schema.String
)
/** `POST /api/circle/jyadd` (Idempotency-Key): a message; the poster's motto is kept with it. */
export const AddMessage = call(Schema.Struct({ motto: Text(LONG_TEXT), word: Text(LONG_TEXT), pics: Texts(URL_TEXT) }), Schema.String)

const SocialCounts = { zan: Schema.Number, cai: Schema.Number, createdAt: Instant, ...Reactions }

/** A teammate for sale; the poster is not shown. Its chat account goes out through `hu` only; `calls` counts 呼TA, `interest` the accounts sent. */
export const TeammateView = Schema.Struct({
  _id: Schema.String, nickname: Schema.String, sex: Schema.Number, motto: Schema.String, flags: Schema.Array(Schema.String),
  header: Schema.String, pics: Schema.Array(Schema.String), calls: Schema.Number, interest: Schema.Number, ...SocialCounts
})
export type TeammateView = typeof TeammateView.Type

/** A confession; the poster is not shown. */
export const ConfessionView = Schema.Struct({
  _id: Schema.String, nickname: Schema.String, sex: Schema.Number, header: Schema.String, word: Schema.String, pics: Schema.Array(Schema.String),
  flower: Schema.Number, ...SocialCounts
})
export type ConfessionView = typeof ConfessionView.Type

/** A message with its poster. */
export const MessageView = Schema.Struct({
  _id: Schema.String,
  user: Schema.Struct({ nickname: Schema.String, sex: Schema.Number, motto: Schema.String, headimgBase64: Schema.NullOr(Schema.String) }),
  motto: Schema.String, word: Schema.String, pics: Schema.Array(Schema.String), ...SocialCounts
})
export type MessageView = typeof MessageView.Type

/** `sfPaging`, `bbPaging`, `jyPaging`: pages counted from 1. */
export const TeammatePaging = call(Schema.Struct({ pageNo: PageNo }), Page(TeammateView))
export const ConfessionPaging = call(Schema.Struct({ pageNo: PageNo }), Page(ConfessionView))
export const MessagePaging = call(Schema.Struct({ pageNo: PageNo }), Page(MessageView))
/** The discovery page: the latest teammate, the latest confession, the three latest messages. */
export const LatestTeammate = call(Schema.Struct({}), Schema.NullOr(TeammateView))
export const LatestConfession = call(Schema.Struct({}), Schema.NullOr(ConfessionView))
export const LatestMessages = call(Schema.Struct({}), Schema.Array(MessageView))

export const SexSplitView = Schema.Struct({ nanSum: Schema.Int, nvSum: Schema.Int, nanPercent: Schema.Int, nvPercent: Schema.Int })
/** `sfPercent`, `bbPercent`: the sex split of teammates and of confessions. */
export const TeammateSexSplit = call(Schema.Struct({}), SexSplitView)
export const ConfessionSexSplit = call(Schema.Struct({}), SexSplitView)

/** `GET /api/wxCommon/shorturl?longUrl`: a short URL of one of this site's own shareable pages. */
export const ShortUrl = call(Schema.Struct({ longUrl: Text(URL_TEXT) }), Schema.String)
