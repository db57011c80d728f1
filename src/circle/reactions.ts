/**
 * Who may see and touch a post, and what each reaction moves (spec 002 §4, §6; issue 19): a listed post of the
 * viewer's worksite, or any listed post for a visitor who came by a shared link; a like moves `zan`, a dislike
 * `cai`, a call a teammate's `calls` and a flower a confession's `flower`. A market item's contact goes out as a
 * template message naming the way its owner chose (`show`), or every way the item has.
 */
import { ReactionType, Show, acceptsReaction, type PostKind } from "./codes"
import type { Counter, ItemContact, PostRef } from "./post-store"
import { PostStatus } from "./status-machine"
import type { Viewer } from "./viewer"

export const reactionMessages = {
  /** A reaction the post's kind does not take (a flower to a teammate) or a code that is none. */
  wrongReaction: "该内容不支持此操作",
  contactFailed: "获取联系方式失败，请联系平台客服",
  contactSent: "联系方式已通过公众号消息发送给您",
  notCalled: "请先呼TA",
  alreadySent: "TA的微信号已发送给您，请查看公众号消息",
  teammateSent: "TA的微信号已通过公众号消息发送给您",
  reported: "已提交"
} as const

const counters: Record<ReactionType, Counter> = {
  [ReactionType.like]: "zan",
  [ReactionType.dislike]: "cai",
  [ReactionType.call]: "calls",
  [ReactionType.flower]: "flower"
}

/** The counter a reaction moves on a post of this kind, or undefined when the kind does not take it. */
export const counterOf = (kind: PostKind, type: ReactionType): Counter | undefined => (acceptsReaction(kind, type) ? counters[type] : undefined)

/** Whether the post is at the viewer's worksite, or the viewer is a visitor (who came by a shared link and belongs to no list). */
export const atViewersPlace = (post: Pick<PostRef, "worksiteId">, viewer: Pick<Viewer, "visitor">, viewerWorksite: string | null): boolean =>
  viewer.visitor || post.worksiteId === viewerWorksite

/** Whether the viewer sees the post in lists and may react to it or ask about it: listed, at the viewer's place. */
export const seenBy = (post: Pick<PostRef, "status" | "worksiteId">, viewer: Pick<Viewer, "visitor">, viewerWorksite: string | null): boolean =>
  post.status === PostStatus.listed && atViewersPlace(post, viewer, viewerWorksite)

/** The contact a market item's template message carries: by its `show` when it has one, else every way it has. */
export const contactText = (item: ItemContact): string | undefined => {
  const phone = item.phone?.trim() || undefined
  const wxNo = item.wxNo?.trim() || undefined
  const ways = item.show === Show.phone ? [phone && `手机号：${phone}`]
    : item.show === Show.wxNo ? [wxNo && `微信号：${wxNo}`]
    : [phone && `手机号：${phone}`, wxNo && `微信号：${wxNo}`]
  const text = ways.filter((w): w is string => w !== undefined).join("，")
  return text === "" ? undefined : text
}

/** The template message `contact` sends the asker. */
export const itemContactMessage = (item: ItemContact, contact: string, to: string) => ({
  channel: "template" as const, to, template: "circleItemContact", params: { title: item.title, contact }
})
