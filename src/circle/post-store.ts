/**
 * The circle's ports for its social posts and for what every kind of post shares: reactions (once per person, the
 * counter moved in the same statement), reports (once per reporter), contact requests, status changes and the
 * admin's moderation. A post is found by its id whatever its kind (items and social posts never share an id).
 */
import { Context, Effect } from "effect"
import type { Page } from "../wallet/wallet-store"
import type { ComplaintType, PostKind, ReactionType, Show, SocialKind } from "./codes"
import type { Poster, SocialPost } from "./social"
import type { CirclePost, PostStatus } from "./status-machine"

export class SocialStore extends Context.Service<SocialStore, {
  add(post: SocialPost): Effect.Effect<void>
  find(id: string): Effect.Effect<SocialPost | undefined>
  /**
   * The posts of this kind the owner made since then. Holds the owner's row until the transaction ends, so two
   * posts at once are counted one after the other.
   */
  postedSince(ownerId: string, kind: SocialKind, since: Date): Effect.Effect<number>
  /** The listed posts of this kind at the worksite, newest first, 20 a page from page 1; each with its poster. */
  page(worksiteId: string, kind: SocialKind, pageNo: number): Effect.Effect<Page<{ readonly post: SocialPost; readonly poster: Poster }>>
  latest(worksiteId: string, kind: SocialKind, count: number): Effect.Effect<ReadonlyArray<{ readonly post: SocialPost; readonly poster: Poster }>>
  /** How many listed posts of this kind at the worksite are about a man and about a woman. */
  sexCounts(worksiteId: string, kind: SocialKind): Effect.Effect<{ readonly male: number; readonly female: number }>
  /** The poster's motto, kept for the next message (`jyadd`). */
  saveMotto(userId: string, motto: string | null): Effect.Effect<void>
}>()("station/SocialStore") {}

/** A post of any kind as the rules shared by all kinds see it; `owner` is the owner's openid. */
export interface PostRef extends Omit<CirclePost, "reporters"> {
  readonly id: string
  readonly ownerId: string
  readonly worksiteId: string
}

/** A post locked for a change of status, with everyone who reported it. */
export interface LockedPost extends PostRef, CirclePost {}

/** The counter a reaction moves. */
export type Counter = "zan" | "cai" | "calls" | "flower"

export class Reactions extends Context.Service<Reactions, {
  /**
   * Records the reaction unless this person gave it before and moves the post's counter by one, in one statement:
   * the new count, or undefined when it was given before (nothing changes then).
   */
  react(post: Pick<PostRef, "id" | "kind">, type: ReactionType, counter: Counter, openid: string, at: Date): Effect.Effect<number | undefined>
  /** The viewer's reactions to each of these posts. */
  mine(openid: string, ids: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<string, ReadonlyArray<ReactionType>>>
  /** Whether the person called the teammate (reaction 40). */
  called(id: string, openid: string): Effect.Effect<boolean>
  /** Marks the call reaction sent only if it was not yet: false when it was sent before (or by a request at the same time). */
  markSent(id: string, openid: string, at: Date): Effect.Effect<boolean>
  /** One more chat account of this teammate sent. */
  addInterest(id: string): Effect.Effect<number>
}>()("station/Reactions") {}

/** How a market item's owner is reached, for `contact`. */
export interface ItemContact {
  readonly title: string
  readonly phone: string | null
  readonly wxNo: string | null
  readonly show: Show | null
}

export interface Report {
  readonly id: string
  readonly targetId: string
  readonly reporterOpenid: string
  readonly complain: ComplaintType
  readonly at: Date
}

export interface StatusChange {
  readonly status: PostStatus
  readonly statusBeforeHidden: PostStatus | null
  /** Why the admin hid it (null: no reason kept); left as it was when not given. */
  readonly hiddenReason?: string | null
}

/** A post as the admin sees it. */
export interface PostSummary {
  readonly id: string
  readonly kind: PostKind
  readonly status: PostStatus
  readonly worksiteId: string
  readonly ownerOpenid: string
  /** The item's title, the teammate's or confession's nickname, the message. */
  readonly headline: string
  /** Why the admin hid it; null when it is not hidden or the reports hid it. */
  readonly hiddenReason: string | null
  readonly createdAt: Date
}

/** A reported post as the admin's list shows it. */
export interface ReportedPost extends PostSummary {
  readonly reports: number
  readonly lastReportAt: Date
  /** Reported since the admin last hid or restored it, and not deleted. */
  readonly open: boolean
}

export interface ModerationEntry {
  readonly action: "hide" | "restore"
  readonly reason: string | null
  readonly at: Date
}

export class CirclePosts extends Context.Service<CirclePosts, {
  find(id: string): Effect.Effect<PostRef | undefined>
  /** The post with its reporters, its row locked until the transaction ends. */
  lock(id: string): Effect.Effect<LockedPost | undefined>
  /** Writes the new status; a deleted post gets its deletion time. */
  setStatus(post: Pick<PostRef, "id" | "kind">, change: StatusChange, at: Date): Effect.Effect<void>
  addReport(report: Report): Effect.Effect<void>
  itemContact(id: string): Effect.Effect<ItemContact | undefined>
  /** The contact requests the person made since then, holding the person's row until the transaction ends. */
  contactsSince(requesterId: string, since: Date): Effect.Effect<number>
  addContact(contact: { readonly id: string; readonly targetId: string; readonly requesterId: string; readonly at: Date }): Effect.Effect<void>
  summary(id: string): Effect.Effect<PostSummary | undefined>
  /** Reported posts, most recently reported first; with `open`, only those reported since the admin last decided (not deleted). */
  reported(filter: { readonly open: boolean }): Effect.Effect<ReadonlyArray<ReportedPost>>
  reportsOf(id: string): Effect.Effect<ReadonlyArray<Report>>
  moderate(id: string, entry: ModerationEntry): Effect.Effect<void>
  moderationOf(id: string): Effect.Effect<ReadonlyArray<ModerationEntry>>
}>()("station/CirclePosts") {}
