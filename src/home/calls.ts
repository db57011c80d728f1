/** Home's calls (spec 002 §7): announcements and the follow gift, each request and answer as one Schema, and their views. */
import { Schema } from "effect"
import { call, Instant, Text } from "../shared/wire"
import { QR_TEXT } from "../parcel/calls"
import type { Person } from "../parcel/parcel-store"
import type { Announcement } from "./activity"
import { shortNickname, type SubscribeGift } from "./subscribe-gift"

export const ActivityView = Schema.Struct({
  _id: Schema.String,
  title: Schema.String,
  /** Cleaned HTML. */
  content: Schema.String,
  timeBegin: Instant,
  timeEnd: Instant
})
export type ActivityView = typeof ActivityView.Type

export const activityView = (a: Announcement): ActivityView => ({ _id: a.id, title: a.title, content: a.content, timeBegin: a.timeBegin, timeEnd: a.timeEnd })

/** `GET /api/active/list/1/{worksiteId}`: the worksite's announcements running now, newest first. */
export const RunningActivities = call(Schema.Struct({ worksiteId: Text() }), Schema.Array(ActivityView))

/** `GET /api/active/{id}`: one announcement, running or not (the page says when it has ended). */
export const ActivityDetail = call(Schema.Struct({ id: Text() }), ActivityView)

const GiftMoved = Schema.Struct({ _id: Schema.String, status: Schema.Number })

/** `GET /api/sa/getByOpenid`: the caller's follow gift: its status, its holder (nickname cut to 6, main phone), its signed QR (PNG data URL). */
export const FollowGift = call(
  Schema.Struct({}),
  Schema.Struct({
    ...GiftMoved.fields,
    user: Schema.Struct({ nickname: Schema.String, phoneMain: Schema.NullOr(Schema.String) }),
    qrImage: Schema.String
  })
)

export const followGiftView = (g: { readonly gift: SubscribeGift; readonly person: Person; readonly qrImage: string }): typeof FollowGift.answer.Type => ({
  _id: g.gift.id, status: g.gift.status, user: { nickname: shortNickname(g.person.nickname), phoneMain: g.person.phoneMain }, qrImage: g.qrImage
})

/** `PUT /api/sa/exchange {qr}`: the staff redeem the scanned gift QR; the gift as it is now. */
export const ExchangeGift = call(Schema.Struct({ qr: Text(QR_TEXT) }), GiftMoved)

/** `GET /api/common/xyhAble`: the services the caller's worksite runs. */
export const CampusServicesCall = call(Schema.Struct({}), Schema.Struct({
  jijianAble: Schema.Boolean, paotuiAble: Schema.Boolean, paotuiApplyAble: Schema.Boolean, selfSignAble: Schema.Boolean
}))

/** `GET /auth/wxarticle/getPermissionCode`: a 6-digit code, good for 10 minutes (allowlisted callers only). */
export const ArticleCode = call(Schema.Struct({}), Schema.String)
/** `GET /api/common/articleCodeAble`: whether the server gives the caller article codes (the `/my` entry). */
export const ArticleCodeAble = call(Schema.Struct({}), Schema.Boolean)
