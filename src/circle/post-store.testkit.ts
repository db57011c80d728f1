/** In-memory circle ports for the use cases' unit tests: social posts, market items as the shared rules see them, reactions, reports, contacts, decisions. */
import { Effect } from "effect"
import { People, type Person } from "../parcel/parcel-store"
import { Uploads } from "../upload/upload-store"
import type { UploadRecord } from "../upload/upload"
import { PostKind, type ReactionType, type Show, type SocialKind } from "./codes"
import { CirclePosts, Reactions, SocialStore, type ModerationEntry, type PostRef, type Report, type ReportedPost } from "./post-store"
import type { Poster, SocialPost } from "./social"
import { PostStatus } from "./status-machine"

export interface MemoryItem {
  readonly id: string
  readonly ownerId: string
  readonly worksiteId: string
  status: PostStatus
  statusBeforeHidden: PostStatus | null
  hiddenReason: string | null
  zan: number
  readonly title: string
  readonly phone: string | null
  readonly wxNo: string | null
  readonly show: Show | null
  readonly createdAt: Date
}

export interface MemoryReaction {
  readonly targetId: string
  readonly type: ReactionType
  readonly openid: string
  sentAt: Date | null
}

export interface CircleState {
  readonly people: Array<Person & { readonly sex?: number; motto?: string | null }>
  readonly uploads: Array<UploadRecord>
  readonly social: Map<string, SocialPost & { readonly hiddenReason?: string | null; readonly statusBeforeHidden?: PostStatus | null }>
  readonly items: Map<string, MemoryItem>
  readonly reactions: Array<MemoryReaction>
  readonly reports: Array<Report>
  readonly contacts: Array<{ readonly id: string; readonly targetId: string; readonly requesterId: string; readonly at: Date }>
  readonly decisions: Array<ModerationEntry & { readonly targetId: string }>
}

export const emptyCircle = (people: CircleState["people"] = [], uploads: Array<UploadRecord> = []): CircleState => ({
  people, uploads, social: new Map(), items: new Map(), reactions: [], reports: [], contacts: [], decisions: []
})

const PAGE = 20
const newestFirst = (a: { readonly createdAt: Date; readonly id: string }, b: { readonly createdAt: Date; readonly id: string }) =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id)

/** Provides People, Uploads and the three circle ports over the state. */
export const provideCircle = (state: CircleState) => <A, E, R>(effect: Effect.Effect<A, E, R>) => {
  const person = (id: string) => state.people.find((p) => p.id === id)
  const poster = (ownerId: string): Poster => {
    const p = person(ownerId)
    return { nickname: p?.nickname ?? "", sex: p?.sex ?? 1, motto: p?.motto ?? "", headimgBase64: null }
  }
  const refOf = (id: string): (PostRef & { hiddenReason: string | null; headline: string; createdAt: Date }) | undefined => {
    const s = state.social.get(id)
    const i = state.items.get(id)
    const post = s ?? i
    if (!post) return undefined
    return {
      id, kind: s ? s.kind : PostKind.item, owner: person(post.ownerId)?.openid ?? "", ownerId: post.ownerId, worksiteId: post.worksiteId,
      status: post.status, statusBeforeHidden: s ? (s.statusBeforeHidden ?? null) : i!.statusBeforeHidden,
      hiddenReason: s ? (s.hiddenReason ?? null) : i!.hiddenReason, headline: s ? (s.nickname ?? s.word ?? "") : i!.title, createdAt: post.createdAt
    }
  }
  const listed = (worksiteId: string, kind: SocialKind) =>
    [...state.social.values()].filter((p) => p.worksiteId === worksiteId && p.kind === kind && p.status === PostStatus.listed).sort(newestFirst)
  const withPoster = (post: SocialPost) => ({ post, poster: poster(post.ownerId) })
  return effect.pipe(
    Effect.provideService(People, {
      findById: (id) => Effect.sync(() => person(id)),
      findByPhone: () => Effect.succeed(undefined),
      byPhoneSuffix: () => Effect.succeed([])
    }),
    Effect.provideService(Uploads, {
      record: (u) => Effect.sync(() => void state.uploads.push(u)),
      findOwn: (userId, dateFolder, fileName) =>
        Effect.sync(() => state.uploads.find((u) => u.userId === userId && u.dateFolder === dateFolder && u.fileName === fileName))
    }),
    Effect.provideService(SocialStore, {
      add: (post) => Effect.sync(() => void state.social.set(post.id, post)),
      find: (id) => Effect.sync(() => state.social.get(id)),
      postedSince: (ownerId, kind, since) =>
        Effect.sync(() => [...state.social.values()].filter((p) => p.ownerId === ownerId && p.kind === kind && p.createdAt >= since).length),
      page: (worksiteId, kind, pageNo) => Effect.sync(() => {
        const all = listed(worksiteId, kind)
        return {
          results: all.slice((pageNo - 1) * PAGE, pageNo * PAGE).map(withPoster), pageNumber: pageNo,
          pageCount: Math.max(1, Math.ceil(all.length / PAGE)), recordCount: all.length
        }
      }),
      latest: (worksiteId, kind, count) => Effect.sync(() => listed(worksiteId, kind).slice(0, count).map(withPoster)),
      sexCounts: (worksiteId, kind) => Effect.sync(() => {
        const all = listed(worksiteId, kind)
        return { male: all.filter((p) => p.sex === 1).length, female: all.filter((p) => p.sex === 0).length }
      }),
      saveMotto: (userId, motto) => Effect.sync(() => void (person(userId)!.motto = motto))
    }),
    Effect.provideService(Reactions, {
      react: (post, type, counter, openid) => Effect.sync(() => {
        if (state.reactions.some((r) => r.targetId === post.id && r.type === type && r.openid === openid)) return undefined
        state.reactions.push({ targetId: post.id, type, openid, sentAt: null })
        const target = (state.social.get(post.id) ?? state.items.get(post.id)) as unknown as Record<string, number>
        target[counter] = target[counter]! + 1
        return target[counter]
      }),
      // as the database answers: only the posts with a reaction of the viewer's
      mine: (openid, ids) => Effect.sync(() => new Map(ids.flatMap((id) => {
        const types = state.reactions.filter((r) => r.targetId === id && r.openid === openid).map((r) => r.type)
        return types.length > 0 ? [[id, types] as const] : []
      }))),
      called: (id, openid) => Effect.sync(() => state.reactions.some((x) => x.targetId === id && x.type === 40 && x.openid === openid)),
      markSent: (id, openid, at) => Effect.sync(() => {
        const r = state.reactions.find((x) => x.targetId === id && x.type === 40 && x.openid === openid && x.sentAt === null)
        if (r) r.sentAt = at
        return r !== undefined
      }),
      addInterest: (id) => Effect.sync(() => {
        const post = state.social.get(id)!
        state.social.set(id, { ...post, interest: post.interest + 1 })
        return post.interest + 1
      })
    }),
    Effect.provideService(CirclePosts, {
      find: (id) => Effect.sync(() => refOf(id)),
      lock: (id) => Effect.sync(() => {
        const ref = refOf(id)
        return ref && { ...ref, reporters: state.reports.filter((r) => r.targetId === id).map((r) => r.reporterOpenid) }
      }),
      setStatus: (post, change, at) => Effect.sync(() => {
        const s = state.social.get(post.id)
        const reason = change.hiddenReason === undefined ? {} : { hiddenReason: change.hiddenReason }
        if (s) state.social.set(post.id, { ...s, status: change.status, statusBeforeHidden: change.statusBeforeHidden, ...reason })
        const i = state.items.get(post.id)
        if (i) Object.assign(i, { status: change.status, statusBeforeHidden: change.statusBeforeHidden, ...reason })
        void at
      }),
      addReport: (report) => Effect.sync(() => void state.reports.push(report)),
      itemContact: (id) => Effect.sync(() => state.items.get(id)),
      contactsSince: (requesterId, since) => Effect.sync(() => state.contacts.filter((c) => c.requesterId === requesterId && c.at >= since).length),
      addContact: (contact) => Effect.sync(() => void state.contacts.push(contact)),
      summary: (id) => Effect.sync(() => {
        const ref = refOf(id)
        return ref && { id, kind: ref.kind, status: ref.status, worksiteId: ref.worksiteId, ownerOpenid: ref.owner, headline: ref.headline, hiddenReason: ref.hiddenReason, createdAt: ref.createdAt }
      }),
      reported: ({ open }) => Effect.sync(() => {
        const ids = [...new Set(state.reports.map((r) => r.targetId))]
        return ids.flatMap((id): ReadonlyArray<ReportedPost> => {
          const ref = refOf(id)!
          const reports = state.reports.filter((r) => r.targetId === id)
          const lastReportAt = new Date(Math.max(...reports.map((r) => r.at.getTime())))
          const decided = state.decisions.filter((d) => d.targetId === id).map((d) => d.at.getTime())
          const isOpen = ref.status !== PostStatus.deleted && lastReportAt.getTime() > Math.max(-Infinity, ...decided)
          const row: ReportedPost = {
            id, kind: ref.kind, status: ref.status, worksiteId: ref.worksiteId, ownerOpenid: ref.owner, headline: ref.headline,
            hiddenReason: ref.hiddenReason, createdAt: ref.createdAt, reports: reports.length, lastReportAt, open: isOpen
          }
          return !open || isOpen ? [row] : []
        }).sort((a, b) => b.lastReportAt.getTime() - a.lastReportAt.getTime())
      }),
      reportsOf: (id) => Effect.sync(() => state.reports.filter((r) => r.targetId === id)),
      moderate: (id, entry) => Effect.sync(() => void state.decisions.push({ targetId: id, ...entry })),
      moderationOf: (id) => Effect.sync(() => state.decisions.filter((d) => d.targetId === id).map(({ targetId: _, ...d }) => d))
    })
  ) as Effect.Effect<A, E, Exclude<R, People | Uploads | SocialStore | Reactions | CirclePosts>>
}
